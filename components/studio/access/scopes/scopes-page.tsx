'use client';

import { FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ScopeItem } from '@/lib/client/access/types';
import { useScopeDeleteMutation } from '@/lib/client/scope/scope-delete-mutation';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { setActiveScope } from '@/lib/client/scope/scope-store';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { AccessPage } from '../access-page';
import { ConfirmButton } from '../../kit/confirm-button';
import { buildTree, type TreeNode } from '../tree';
import { ScopeDialog, type ScopeEdit } from './scope-dialog';

function Branch({
  nodes,
  onEdit,
}: {
  nodes: TreeNode<ScopeItem>[];
  onEdit: (edit: ScopeEdit) => void;
}) {
  const t = useTranslations('Access.scopes');
  const active = useActiveScope();
  const remove = useSave(useScopeDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <ul className="flex flex-col">
      {nodes.map(({ row, children, depth }) => (
        <li key={row.id}>
          <div
            className="flex flex-wrap items-center gap-2 border-b py-2 pr-2"
            style={{ paddingLeft: `${depth * 1.25 + 0.75}rem` }}
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{row.name ?? row.uri}</p>
              <p className="truncate font-mono text-xs text-muted-foreground">{row.uri}</p>
            </div>
            {row.missing_uri_mode === 'reject' && <Badge variant="outline">{t('rejects')}</Badge>}
            {active === row.uri ? (
              <Badge variant="success">{t('active')}</Badge>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setActiveScope(row.uri)}>
                {t('switch')}
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('addChild', { uri: row.uri })}
              onClick={() => onEdit({ parent: row })}
            >
              <Plus aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('rename', { uri: row.uri })}
              onClick={() => onEdit({ scope: row })}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmButton
              iconOnly
              variant="ghost"
              icon={Trash2}
              label={t('delete', { uri: row.uri })}
              title={t('deleteTitle', { uri: row.uri })}
              description={t('deleteBody')}
              onConfirm={() =>
                remove.mutateAsync(row.id).then(() => {
                  // A deleted scope can't stay the one the studio works in.
                  if (active && (active === row.uri || active.startsWith(`${row.uri}/`))) {
                    setActiveScope(null);
                  }
                })
              }
            />
          </div>
          {children.length > 0 && <Branch nodes={children} onEdit={onEdit} />}
        </li>
      ))}
    </ul>
  );
}

export function ScopesPage() {
  const t = useTranslations('Access.scopes');
  const scopes = useScopesQuery();
  const [edit, setEdit] = useState<ScopeEdit | null>(null);
  return (
    <AccessPage
      title={t('title')}
      description={t('description')}
      actions={
        <Button onClick={() => setEdit({})}>
          <Plus aria-hidden />
          {t('create')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-muted-foreground">{t('moveNote')}</p>
      <QueryState
        query={scopes}
        empty={{ icon: FolderTree, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <section aria-label={t('treeLabel')} className="rounded-lg border">
            <Branch nodes={buildTree(rows)} onEdit={setEdit} />
          </section>
        )}
      </QueryState>
      {edit && <ScopeDialog edit={edit} onClose={() => setEdit(null)} />}
    </AccessPage>
  );
}
