'use client';

import { UserRound, UsersRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { Input } from '@/components/ui/input';
import { usePolicyHoldersQuery } from '@/lib/client/access/policy-holders-query';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { useUserOptionsQuery } from '@/lib/client/users/user-options-query';
import { GrantAddBar, GrantList } from '../grants/grant-list';
import { useGrantActions } from '../grants/use-grant-actions';
import { userLabel } from '../../kit/user-labels';
import { useDebounced } from '../../kit/use-debounced';

/** Who holds this policy (roles and users) and at which scope; grant and revoke here. */
export function PolicyHolders({ policy }: { policy: string }) {
  const t = useTranslations('Access.holders');
  const holders = usePolicyHoldersQuery(policy);
  const roles = useRolesQuery();
  const scopes = useScopesQuery();
  const [search, setSearch] = useState('');
  const users = useUserOptionsQuery(useDebounced(search));
  const actions = useGrantActions({ added: t('granted'), removed: t('revoked') });

  function add() {
    const [kind, id] = actions.choice.split(':');
    if (!id) return;
    actions.add({ policy, role: kind === 'role' ? id : null, user: kind === 'user' ? id : null });
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <QueryState
        query={holders}
        empty={{ icon: UsersRound, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <GrantList
            label={t('listLabel')}
            actions={actions}
            entries={rows.map((row) => {
              const name = row.user ? userLabel(row.user) : (row.role?.name ?? '');
              const Icon = row.user ? UserRound : UsersRound;
              return {
                id: row.id,
                name,
                scope: row.scope?.uri ?? t('rootScope'),
                icon: (
                  <Icon
                    aria-label={row.user ? t('user') : t('role')}
                    className="size-4 text-muted-foreground"
                  />
                ),
                removeLabel: t('revoke', { name }),
              };
            })}
          />
        )}
      </QueryState>
      <fieldset className="flex flex-col gap-2 rounded-lg border p-3">
        <legend className="px-1 text-sm font-medium">{t('grant')}</legend>
        <Input
          type="search"
          aria-label={t('findUser')}
          placeholder={t('findUser')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <GrantAddBar
          label={t('holder')}
          placeholder={t('chooseHolder')}
          options={[
            ...(roles.data ?? []).map((r) => ({
              value: `role:${r.id}`,
              label: t('roleOption', { name: r.name }),
            })),
            ...(users.data?.data ?? []).map((u) => ({
              value: `user:${u.id}`,
              label: t('userOption', { name: userLabel(u) }),
            })),
          ]}
          scopes={scopes.data}
          actions={actions}
          addLabel={t('add')}
          onAdd={add}
        />
      </fieldset>
    </div>
  );
}
