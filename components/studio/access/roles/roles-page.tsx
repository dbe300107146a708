'use client';

import { Plus, UsersRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import type { RoleRow } from '@/lib/client/access/types';
import { useRoleDeleteMutation } from '@/lib/client/roles/role-delete-mutation';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { AccessPage } from '../access-page';
import { EditableTreeRow, TreeList } from '../tree-list';
import { RoleDialog } from './role-dialog';

type Editing = { role?: RoleRow; parent?: string | null } | null;

function RoleTree({
  rows,
  onEdit,
  onAdd,
}: {
  rows: RoleRow[];
  onEdit: (role: RoleRow) => void;
  onAdd: (parent: string) => void;
}) {
  const t = useTranslations('Access.roles');
  const remove = useSave(useRoleDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <TreeList
      rows={rows}
      render={(row, depth) => (
        <EditableTreeRow
          depth={depth}
          icon={UsersRound}
          title={row.name}
          detail={row.description}
          add={{ label: t('addChild', { name: row.name }), onClick: () => onAdd(row.id) }}
          edit={{ label: t('edit', { name: row.name }), onClick: () => onEdit(row) }}
          remove={{
            label: t('delete', { name: row.name }),
            title: t('deleteTitle', { name: row.name }),
            description: t('deleteBody'),
            onConfirm: () => remove.mutateAsync(row.id),
          }}
        />
      )}
    />
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
            <RoleTree
              rows={rows}
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
