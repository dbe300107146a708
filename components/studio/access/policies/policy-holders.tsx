'use client';

import { Plus, Trash2, UserRound, UsersRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useGrantCreateMutation } from '@/lib/client/access/grant-create-mutation';
import { useGrantDeleteMutation } from '@/lib/client/access/grant-delete-mutation';
import { usePolicyHoldersQuery } from '@/lib/client/access/policy-holders-query';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { useUserOptionsQuery } from '@/lib/client/users/user-options-query';
import { ROOT, ScopeSelect } from '../grants/scope-select';
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
  const create = useSave(useGrantCreateMutation(), { saved: t('granted') });
  const remove = useSave(useGrantDeleteMutation(), { saved: t('revoked') });
  const [holder, setHolder] = useState('');
  const [scope, setScope] = useState(ROOT);

  function add() {
    const [kind, id] = holder.split(':');
    if (!id) return;
    create.mutate(
      {
        policy,
        role: kind === 'role' ? id : null,
        user: kind === 'user' ? id : null,
        scope: scope === ROOT ? null : scope,
      },
      {
        onSuccess: () => {
          setHolder('');
        },
      },
    );
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <QueryState
        query={holders}
        empty={{ icon: UsersRound, title: t('emptyTitle'), description: t('emptyBody') }}
      >
        {(rows) => (
          <ul className="divide-y rounded-lg border" aria-label={t('listLabel')}>
            {rows.map((row) => {
              const name = row.user ? userLabel(row.user) : (row.role?.name ?? '');
              return (
                <li key={row.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  {row.user ? (
                    <UserRound aria-label={t('user')} className="size-4 text-muted-foreground" />
                  ) : (
                    <UsersRound aria-label={t('role')} className="size-4 text-muted-foreground" />
                  )}
                  <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                  <Badge variant="outline">{row.scope?.uri ?? t('rootScope')}</Badge>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('revoke', { name })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(row.id)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
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
        <div className="flex flex-col gap-2 sm:flex-row">
          <Select value={holder} onValueChange={setHolder}>
            <SelectTrigger aria-label={t('holder')} className="sm:flex-1">
              <SelectValue placeholder={t('chooseHolder')} />
            </SelectTrigger>
            <SelectContent>
              {(roles.data ?? []).map((r) => (
                <SelectItem key={r.id} value={`role:${r.id}`}>
                  {t('roleOption', { name: r.name })}
                </SelectItem>
              ))}
              {(users.data?.data ?? []).map((u) => (
                <SelectItem key={u.id} value={`user:${u.id}`}>
                  {t('userOption', { name: userLabel(u) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="sm:w-48">
            <ScopeSelect scopes={scopes.data ?? []} value={scope} onChange={setScope} />
          </div>
          <Button onClick={add} disabled={!holder || create.isPending}>
            <Plus aria-hidden />
            {t('add')}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
