'use client';

import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import type { RoleRow } from '@/lib/client/access/types';
import { useRoleDeleteMutation } from '@/lib/client/roles/role-delete-mutation';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { AccessPage } from '../access-page';
import { ConfirmButton } from '../../kit/confirm-button';
import { buildTree, type TreeNode } from '../tree';
import { RoleDialog } from './role-dialog';

type Editing = { role?: RoleRow; parent?: string | null } | null;

function RoleBranch({
  nodes,
  onEdit,
  onAdd,
}: {
  nodes: TreeNode<RoleRow>[];
  onEdit: (role: RoleRow) => void;
  onAdd: (parent: string) => void;
}) {
  const t = useTranslations('Access.roles');
  const remove = useSave(useRoleDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <ul className="flex flex-col">
      {nodes.map((node) => (
        <li key={node.row.id}>
          <div
            className="flex items-center gap-2 border-b py-2 pr-2"
            style={{ paddingLeft: `${node.depth * 1.25 + 0.75}rem` }}
          >
            <UsersRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{node.row.name}</p>
              {node.row.description && (
                <p className="truncate text-xs text-muted-foreground">{node.row.description}</p>
              )}
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('addChild', { name: node.row.name })}
              onClick={() => onAdd(node.row.id)}
            >
              <Plus aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('edit', { name: node.row.name })}
              onClick={() => onEdit(node.row)}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmButton
              iconOnly
              variant="ghost"
              icon={Trash2}
              label={t('delete', { name: node.row.name })}
              title={t('deleteTitle', { name: node.row.name })}
              description={t('deleteBody')}
              onConfirm={() => remove.mutateAsync(node.row.id)}
            />
          </div>
          {node.children.length > 0 && (
            <RoleBranch nodes={node.children} onEdit={onEdit} onAdd={onAdd} />
          )}
        </li>
      ))}
    </ul>
  );
}

export function RolesPage() {
  const t = useTranslations('Access.roles');
  const roles = useRolesQuery();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <AccessPage
      title={t('title')}
      description={t('description')}
      actions={
        <Button onClick={() => setEditing({ parent: null })}>
          <Plus aria-hidden />
          {t('create')}
        </Button>
      }
    >
      <QueryState
        query={roles}
        empty={{ icon: UsersRound, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <div aria-label={t('treeLabel')} role="region" className="rounded-lg border">
            <RoleBranch
              nodes={buildTree(rows)}
              onEdit={(role) => setEditing({ role })}
              onAdd={(parent) => setEditing({ parent })}
            />
          </div>
        )}
      </QueryState>
      {editing && (
        <RoleDialog
          role={editing.role}
          parent={editing.parent ?? null}
          roles={roles.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </AccessPage>
  );
}
