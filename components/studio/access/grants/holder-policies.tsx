'use client';

import { ShieldOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/studio/kit/data-state';
import { useGrantsQuery } from '@/lib/client/access/grants-query';
import { usePoliciesQuery } from '@/lib/client/policies/policies-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { GrantAddBar, GrantList } from './grant-list';
import { scopeLabel } from './scope-select';
import { useGrantActions } from './use-grant-actions';

/** The policies given directly to one user or one role, each at a scope; add and remove. */
export function HolderPolicies({ holder }: { holder: { user: string } | { role: string } }) {
  const t = useTranslations('Access.grants');
  const grants = useGrantsQuery(holder);
  const policies = usePoliciesQuery();
  const scopes = useScopesQuery();
  const actions = useGrantActions({ added: t('added'), removed: t('removed') });
  const policyName = (id: string | null) =>
    policies.data?.find((p) => p.id === id)?.name ?? id ?? '';

  function add() {
    if (!actions.choice) return;
    actions.add({
      policy: actions.choice,
      user: 'user' in holder ? holder.user : null,
      role: 'role' in holder ? holder.role : null,
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <QueryState
        query={grants}
        className="py-6"
        isEmpty={(rows) => !rows.some((g) => g.policy)}
        empty={{ icon: ShieldOff, title: t('noneTitle'), description: t('noneBody') }}
      >
        {(rows) => (
          <GrantList
            label={t('listLabel')}
            actions={actions}
            entries={rows
              .filter((g) => g.policy)
              .map((g) => ({
                id: g.id,
                name: policyName(g.policy),
                scope: scopeLabel(scopes.data, g.scope, t('rootScope')),
                removeLabel: t('remove', { policy: policyName(g.policy) }),
              }))}
          />
        )}
      </QueryState>
      <GrantAddBar
        label={t('policy')}
        placeholder={t('choosePolicy')}
        options={(policies.data ?? [])
          .filter((p) => !p.public)
          .map((p) => ({ value: p.id, label: p.name }))}
        scopes={scopes.data}
        actions={actions}
        addLabel={t('add')}
        onAdd={add}
      />
    </div>
  );
}
