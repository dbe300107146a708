'use client';

import { Plug, Plus, SearchX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PageHeader } from '@/components/studio/page-header';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useExtensionOptions, useRuntimeList } from '@/lib/client/runtime/runtime-queries';
import type { CustomService } from '@/lib/client/runtime/types';
import { Link } from '@/lib/i18n/navigation';
import { DeleteButton } from '../delete-button';
import { EnabledSwitch } from '../enabled-switch';
import { PagedList, useListState } from '../paged-list';
import { ServiceDialog } from './service-dialog';

const FIELDS = ['id', 'name', 'extension', 'config', 'enabled'];

type Editing = { service?: CustomService } | null;

/** Named services other extensions call through `context.services.custom(name)`. */
export function ServicesPage() {
  const t = useTranslations('Services');
  const state = useListState();
  const list = useRuntimeList<CustomService>('services', state.params, FIELDS);
  const extensions = useExtensionOptions('service');
  const extensionName = new Map((extensions.data ?? []).map((e) => [e.id, e.name]));
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus aria-hidden />
            {t('create')}
          </Button>
        }
      />
      <PagedList
        query={list}
        state={state}
        searchLabel={t('search')}
        empty={{ icon: Plug, title: t('emptyTitle'), description: t('emptyBody') }}
        noMatch={{ icon: SearchX, title: t('noMatchTitle'), description: t('noMatchBody') }}
      >
        {(rows) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('extension')}</TableHead>
                <TableHead>{t('enabled')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={list.isFetching}>
              {rows.map((service) => (
                <TableRow key={service.id}>
                  <TableCell>
                    <button
                      type="button"
                      className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => setEditing({ service })}
                    >
                      {service.name}
                    </button>
                  </TableCell>
                  <TableCell>
                    {service.extension ? (
                      <Link
                        href={`/extensions/${service.extension}`}
                        className="rounded-sm font-mono text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {extensionName.get(service.extension) ?? service.extension}
                      </Link>
                    ) : (
                      <span className="text-muted-foreground">{t('noExtension')}</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <EnabledSwitch
                      resource="services"
                      id={service.id}
                      name={service.name}
                      enabled={service.enabled}
                    />
                  </TableCell>
                  <TableCell className="text-right">
                    <DeleteButton
                      resource="services"
                      id={service.id}
                      name={service.name}
                      consequence={t('deleteBody')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
      {editing && <ServiceDialog service={editing.service} onClose={() => setEditing(null)} />}
    </>
  );
}
