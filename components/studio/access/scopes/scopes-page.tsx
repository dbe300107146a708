'use client';

import { FolderTree, Plus } from 'lucide-react';
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
import { EditableTreeRow, TreeList } from '../tree-list';
import { ScopeDialog, type ScopeEdit } from './scope-dialog';

function ScopeTree({ rows, onEdit }: { rows: ScopeItem[]; onEdit: (edit: ScopeEdit) => void }) {
  const t = useTranslations('Access.scopes');
  const active = useActiveScope();
  const remove = useSave(useScopeDeleteMutation(), { saved: t('deleted'), inline: true });
  return (
    <TreeList
      rows={rows}
      render={(row, depth) => (
        <EditableTreeRow
          depth={depth}
          title={row.name ?? row.uri}
          detail={row.uri}
          mono
          extra={
            <>
              {row.missing_uri_mode === 'reject' && <Badge variant="outline">{t('rejects')}</Badge>}
              {active === row.uri ? (
                <Badge variant="success">{t('active')}</Badge>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => setActiveScope(row.uri)}>
                  {t('switch')}
                </Button>
              )}
            </>
          }
          add={{ label: t('addChild', { uri: row.uri }), onClick: () => onEdit({ parent: row }) }}
          edit={{ label: t('rename', { uri: row.uri }), onClick: () => onEdit({ scope: row }) }}
          remove={{
            label: t('delete', { uri: row.uri }),
            title: t('deleteTitle', { uri: row.uri }),
            description: t('deleteBody'),
            onConfirm: () =>
              remove.mutateAsync(row.id).then(() => {
                // A deleted scope can't stay the one the studio works in.
                if (active && (active === row.uri || active.startsWith(`${row.uri}/`))) {
                  setActiveScope(null);
                }
              }),
          }}
        />
      )}
    />
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
            <ScopeTree rows={rows} onEdit={setEdit} />
          </section>
        )}
      </QueryState>
      {edit && <ScopeDialog edit={edit} onClose={() => setEdit(null)} />}
    </AccessPage>
  );
}
