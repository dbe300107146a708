'use client';

import { Plus, Puzzle, SearchX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/studio/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRuntimeList } from '@/lib/client/runtime/runtime-queries';
import { EXTENSION_TYPES, type ExtensionRow } from '@/lib/client/runtime/types';
import { Link } from '@/lib/i18n/navigation';
import { DeleteButton } from '../delete-button';
import { EnabledSwitch } from '../enabled-switch';
import { PagedList, useListState } from '../paged-list';
import { When } from '../when';
import { EndpointUrl } from './endpoint-url';

const ALL = 'all';
const FIELDS = ['id', 'name', 'type', 'enabled', 'last_error', 'last_error_at', 'date_updated'];

function LastError({ row }: { row: ExtensionRow }) {
  const t = useTranslations('Extensions');
  if (!row.last_error) return <span className="text-muted-foreground">{t('noError')}</span>;
  return (
    <div className="flex max-w-xs flex-col gap-0.5">
      <span className="truncate font-mono text-xs text-destructive" title={row.last_error}>
        {row.last_error}
      </span>
      <When value={row.last_error_at} empty={t('unknownTime')} />
    </div>
  );
}

/** The extensions: searchable by name, filterable by type, switched on and off in place. */
export function ExtensionsPage() {
  const t = useTranslations('Extensions');
  const state = useListState({ type: null });
  const list = useRuntimeList<ExtensionRow>('extensions', state.params, FIELDS);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button asChild>
            <Link href="/extensions/new">
              <Plus aria-hidden />
              {t('create')}
            </Link>
          </Button>
        }
      />
      <PagedList
        query={list}
        state={state}
        searchLabel={t('search')}
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
        empty={{ icon: Puzzle, title: t('emptyTitle'), description: t('emptyBody') }}
        noMatch={{ icon: SearchX, title: t('noMatchTitle'), description: t('noMatchBody') }}
      >
        {(rows) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('type')}</TableHead>
                <TableHead>{t('enabled')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('lastError')}</TableHead>
                <TableHead className="hidden lg:table-cell">{t('updated')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={list.isFetching}>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <div className="flex flex-col gap-0.5">
                      <Link
                        href={`/extensions/${row.id}`}
                        className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {row.name}
                      </Link>
                      {row.type === 'endpoint' && (
                        <EndpointUrl
                          name={row.name}
                          label={t('openEndpoint', { name: row.name })}
                        />
                      )}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge variant="outline">{t(`types.${row.type}`)}</Badge>
                  </TableCell>
                  <TableCell>
                    <EnabledSwitch
                      resource="extensions"
                      id={row.id}
                      name={row.name}
                      enabled={row.enabled}
                    />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <LastError row={row} />
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    <When value={row.date_updated} empty={t('never')} />
                  </TableCell>
                  <TableCell className="text-right">
                    <DeleteButton
                      resource="extensions"
                      id={row.id}
                      name={row.name}
                      consequence={t('deleteBody')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
    </>
  );
}
