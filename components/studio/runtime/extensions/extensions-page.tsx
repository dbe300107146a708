'use client';

import { Plus, Puzzle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TableCell, TableRow } from '@/components/ui/table';
import { useRuntimeListQuery } from '@/lib/client/runtime/runtime-list-query';
import { EXTENSION_TYPES, type ExtensionRow } from '@/lib/client/runtime/types';
import { Link } from '@/lib/i18n/navigation';
import { PagedList, useListState } from '../../kit/paged-list';
import { RowControls } from '../row-parts';
import { When } from '../when';
import { EndpointUrl } from './endpoint-url';

const ALL = 'all';
const FIELDS = ['id', 'name', 'type', 'enabled', 'last_error', 'last_error_at', 'date_updated'];
const COLUMNS = [
  { key: 'name' },
  { key: 'type', className: 'hidden sm:table-cell' },
  { key: 'lastError', className: 'hidden md:table-cell' },
  { key: 'updated', className: 'hidden lg:table-cell' },
  { key: 'enabled' },
];

function LastError({ row }: { row: ExtensionRow }) {
  const t = useTranslations('Extensions');
  if (!row.last_error) return <span className="text-muted-foreground">{t('noError')}</span>;
  return (
    <div className="flex max-w-xs flex-col gap-0.5">
      <span
        className="truncate font-mono text-xs text-red-700 dark:text-red-300"
        title={row.last_error}
      >
        {row.last_error}
      </span>
      <When value={row.last_error_at} empty={t('unknownTime')} />
    </div>
  );
}

function ExtensionListRow({ row }: { row: ExtensionRow }) {
  const t = useTranslations('Extensions');
  return (
    <TableRow>
      <TableCell>
        <div className="flex flex-col gap-0.5">
          <Link
            href={`/extensions/${row.id}`}
            className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {row.name}
          </Link>
          {row.type === 'endpoint' && (
            <EndpointUrl name={row.name} label={t('openEndpoint', { name: row.name })} />
          )}
          <span className="text-xs text-muted-foreground sm:hidden">{t(`types.${row.type}`)}</span>
          {row.last_error && (
            <span className="text-xs text-red-700 md:hidden dark:text-red-300">
              {t('hasError')}
            </span>
          )}
        </div>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <Badge variant="outline">{t(`types.${row.type}`)}</Badge>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <LastError row={row} />
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <When value={row.date_updated} empty={t('never')} />
      </TableCell>
      <RowControls resource="extensions" row={row} consequence={t('deleteBody')} />
    </TableRow>
  );
}

/** The extensions: searchable by name, filterable by type, switched on and off in place. */
export function ExtensionsPage() {
  const t = useTranslations('Extensions');
  const state = useListState({ type: null });
  const list = useRuntimeListQuery<ExtensionRow>('extensions', state.params, FIELDS);
  return (
    <PagedList
      namespace="Extensions"
      icon={Puzzle}
      actions={
        <Button asChild>
          <Link href="/extensions/new">
            <Plus aria-hidden />
            {t('create')}
          </Link>
        </Button>
      }
      query={list}
      state={state}
      filters={
        <Select
          value={state.params.filter.type ?? ALL}
          onValueChange={(v) => state.setFilter('type', v === ALL ? null : v)}
        >
          <SelectTrigger aria-label={t('typeFilter')} className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('anyType')}</SelectItem>
            {EXTENSION_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {t(`types.${type}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      }
      columns={COLUMNS}
      row={(row) => <ExtensionListRow key={row.id} row={row} />}
    />
  );
}
