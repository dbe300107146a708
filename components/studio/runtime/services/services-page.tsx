'use client';

import { Plug } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { TableCell, TableRow } from '@/components/ui/table';
import { useExtensionOptionsQuery } from '@/lib/client/runtime/extension-options-query';
import { useRuntimeListQuery } from '@/lib/client/runtime/runtime-list-query';
import type { CustomService } from '@/lib/client/runtime/types';
import { Link } from '@/lib/i18n/navigation';
import { PagedList, useListState } from '../../kit/paged-list';
import { CreateButton, NameButton, RowControls } from '../row-parts';
import { ServiceDialog } from './service-dialog';

const FIELDS = ['id', 'name', 'extension', 'config', 'enabled'];
const COLUMNS = [{ key: 'name' }, { key: 'extension' }, { key: 'enabled' }];

type Editing = { service?: CustomService } | null;

/** Named services other extensions call through `context.services.custom(name)`. */
export function ServicesPage() {
  const t = useTranslations('Services');
  const state = useListState();
  const list = useRuntimeListQuery<CustomService>('services', state.params, FIELDS);
  const extensions = useExtensionOptionsQuery('service');
  const extensionName = new Map((extensions.data ?? []).map((e) => [e.id, e.name]));
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PagedList
        namespace="Services"
        icon={Plug}
        actions={<CreateButton label={t('create')} onClick={() => setEditing({})} />}
        query={list}
        state={state}
        columns={COLUMNS}
        row={(service) => (
          <TableRow key={service.id}>
            <TableCell>
              <NameButton name={service.name} onClick={() => setEditing({ service })} />
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
            <RowControls resource="services" row={service} consequence={t('deleteBody')} />
          </TableRow>
        )}
      />
      {editing && <ServiceDialog service={editing.service} onClose={() => setEditing(null)} />}
    </>
  );
}
