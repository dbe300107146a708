'use client';

import { Plus, ShieldOff, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useGrantCreateMutation } from '@/lib/client/access/grant-create-mutation';
import { useGrantDeleteMutation } from '@/lib/client/access/grant-delete-mutation';
import { useGrantsQuery } from '@/lib/client/access/grants-query';
import { usePoliciesQuery } from '@/lib/client/policies/policies-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { ROOT, scopeLabel, ScopeSelect } from './scope-select';

/** The policies given directly to one user or one role, each at a scope; add and remove. */
export function HolderPolicies({ holder }: { holder: { user: string } | { role: string } }) {
  const t = useTranslations('Access.grants');
  const grants = useGrantsQuery(holder);
  const policies = usePoliciesQuery();
  const scopes = useScopesQuery();
  const create = useSave(useGrantCreateMutation(), { saved: t('added') });
  const remove = useSave(useGrantDeleteMutation(), { saved: t('removed') });
  const [policy, setPolicy] = useState('');
  const [scope, setScope] = useState(ROOT);
  const policyName = (id: string | null) =>
    policies.data?.find((p) => p.id === id)?.name ?? id ?? '';

  function add() {
    if (!policy) return;
    create.mutate(
      {
        policy,
        scope: scope === ROOT ? null : scope,
        user: 'user' in holder ? holder.user : null,
        role: 'role' in holder ? holder.role : null,
      },
      {
        onSuccess: () => {
          setPolicy('');
        },
      },
    );
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
          <ul className="divide-y rounded-lg border" aria-label={t('listLabel')}>
            {rows
              .filter((g) => g.policy)
              .map((g) => (
                <li key={g.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="flex-1 font-medium">{policyName(g.policy)}</span>
                  <Badge variant="outline">
                    {scopeLabel(scopes.data, g.scope, t('rootScope'))}
                  </Badge>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('remove', { policy: policyName(g.policy) })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(g.id)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={policy} onValueChange={setPolicy}>
          <SelectTrigger aria-label={t('policy')} className="sm:flex-1">
            <SelectValue placeholder={t('choosePolicy')} />
          </SelectTrigger>
          <SelectContent>
            {(policies.data ?? [])
              .filter((p) => !p.public)
              .map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.name}
                </SelectItem>
              ))}
          </SelectContent>
        </Select>
        <div className="sm:w-48">
          <ScopeSelect scopes={scopes.data ?? []} value={scope} onChange={setScope} />
        </div>
        <Button onClick={add} disabled={!policy || create.isPending}>
          <Plus aria-hidden />
          {t('add')}
        </Button>
      </div>
    </div>
  );
}
