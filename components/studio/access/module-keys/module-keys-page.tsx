'use client';

import { Folder, FolderPlus, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { useModuleKeyDeleteMutation } from '@/lib/client/access/module-key-delete-mutation';
import { useModuleKeysQuery } from '@/lib/client/access/module-keys-query';
import type { ModuleKeyNode } from '@/lib/client/access/types';
import { AccessPage } from '../access-page';
import { ConfirmButton } from '../../kit/confirm-button';
import { buildTree, type TreeNode } from '../tree';
import { ModuleKeyDialog, type ModuleKeyEdit } from './module-key-dialog';

function Branch({
  nodes,
  onEdit,
}: {
  nodes: TreeNode<ModuleKeyNode>[];
  onEdit: (edit: ModuleKeyEdit) => void;
}) {
  const t = useTranslations('Access.moduleKeys');
  const remove = useSave(useModuleKeyDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <ul className="flex flex-col">
      {nodes.map(({ row, children, depth }) => {
        const Icon = row.key === null ? Folder : KeyRound;
        return (
          <li key={row.id}>
            <div
              className="flex items-center gap-2 border-b py-2 pr-2"
              style={{ paddingLeft: `${depth * 1.25 + 0.75}rem` }}
            >
              <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{row.name}</p>
                {row.key && (
                  <p className="truncate font-mono text-xs text-muted-foreground">{row.key}</p>
                )}
              </div>
              {row.key === null && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('addInside', { name: row.name })}
                  onClick={() => onEdit({ parent: row.id, folder: false })}
                >
                  <Plus aria-hidden />
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('edit', { name: row.name })}
                onClick={() => onEdit({ node: row, folder: row.key === null })}
              >
                <Pencil aria-hidden />
              </Button>
              <ConfirmButton
                iconOnly
                variant="ghost"
                icon={Trash2}
                label={t('delete', { name: row.name })}
                title={t('deleteTitle', { name: row.name })}
                description={row.key === null ? t('deleteFolderBody') : t('deleteKeyBody')}
                onConfirm={() => remove.mutateAsync(row.id)}
              />
            </div>
            {children.length > 0 && <Branch nodes={children} onEdit={onEdit} />}
          </li>
        );
      })}
    </ul>
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
            <Branch nodes={buildTree(rows)} onEdit={setEdit} />
          </section>
        )}
      </QueryState>
      {edit && (
        <ModuleKeyDialog edit={edit} nodes={keys.data ?? []} onClose={() => setEdit(null)} />
      )}
    </AccessPage>
  );
}
