'use client';

import { Folder, FolderPlus, KeyRound, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { useModuleKeyDeleteMutation } from '@/lib/client/access/module-key-delete-mutation';
import { useModuleKeysQuery } from '@/lib/client/access/module-keys-query';
import type { ModuleKeyNode } from '@/lib/client/access/types';
import { AccessPage } from '../access-page';
import { EditableTreeRow, TreeList } from '../tree-list';
import { ModuleKeyDialog, type ModuleKeyEdit } from './module-key-dialog';

function KeyTree({
  rows,
  onEdit,
}: {
  rows: ModuleKeyNode[];
  onEdit: (edit: ModuleKeyEdit) => void;
}) {
  const t = useTranslations('Access.moduleKeys');
  const remove = useSave(useModuleKeyDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <TreeList
      rows={rows}
      render={(row, depth) => (
        <EditableTreeRow
          depth={depth}
          icon={row.key === null ? Folder : KeyRound}
          title={row.name}
          detail={row.key}
          mono
          add={
            row.key === null
              ? {
                  label: t('addInside', { name: row.name }),
                  onClick: () => onEdit({ parent: row.id, folder: false }),
                }
              : undefined
          }
          edit={{
            label: t('edit', { name: row.name }),
            onClick: () => onEdit({ node: row, folder: row.key === null }),
          }}
          remove={{
            label: t('delete', { name: row.name }),
            title: t('deleteTitle', { name: row.name }),
            description: row.key === null ? t('deleteFolderBody') : t('deleteKeyBody'),
            onConfirm: () => remove.mutateAsync(row.id),
          }}
        />
      )}
    />
  );
}

/** The registry of module access keys policies can switch on, grouped in folders. */
export function ModuleKeysPage() {
  const t = useTranslations('Access.moduleKeys');
  const keys = useModuleKeysQuery();
  const [edit, setEdit] = useState<ModuleKeyEdit | null>(null);
  return (
    <AccessPage
      title={t('title')}
      description={t('description')}
      actions={
        <>
          <Button variant="outline" onClick={() => setEdit({ folder: true })}>
            <FolderPlus aria-hidden />
            {t('createFolder')}
          </Button>
          <Button onClick={() => setEdit({ folder: false })}>
            <Plus aria-hidden />
            {t('createKey')}
          </Button>
        </>
      }
    >
      <QueryState
        query={keys}
        empty={{ icon: KeyRound, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <section aria-label={t('treeLabel')} className="rounded-lg border">
            <KeyTree rows={rows} onEdit={setEdit} />
          </section>
        )}
      </QueryState>
      {edit && (
        <ModuleKeyDialog edit={edit} nodes={keys.data ?? []} onClose={() => setEdit(null)} />
      )}
    </AccessPage>
  );
}
