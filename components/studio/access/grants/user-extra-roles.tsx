'use client';

import { Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
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
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { ROOT, scopeLabel, ScopeSelect } from './scope-select';

/**
 * Roles a user holds besides their primary one, each at a scope (an access record with a
 * user and a role and no policy).
 */
export function UserExtraRoles({ userId }: { userId: string }) {
  const t = useTranslations('Access.extraRoles');
  const tg = useTranslations('Access.grants');
  const grants = useGrantsQuery({ user: userId });
  const roles = useRolesQuery();
  const scopes = useScopesQuery();
  const create = useSave(useGrantCreateMutation(), { saved: t('added') });
  const remove = useSave(useGrantDeleteMutation(), { saved: t('removed') });
  const [role, setRole] = useState('');
  const [scope, setScope] = useState(ROOT);
  const rows = (grants.data ?? []).filter((g) => !g.policy && g.role);
  const roleName = (id: string | null) => roles.data?.find((r) => r.id === id)?.name ?? id ?? '';

  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">{t('title')}</h3>
      <p className="text-sm text-muted-foreground">{t('hint')}</p>
      {rows.length > 0 ? (
        <ul className="divide-y rounded-lg border" aria-label={t('title')}>
          {rows.map((g) => (
            <li key={g.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="flex-1 font-medium">{roleName(g.role)}</span>
              <Badge variant="outline">{scopeLabel(scopes.data, g.scope, tg('rootScope'))}</Badge>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('remove', { role: roleName(g.role) })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(g.id)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('none')}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={role} onValueChange={setRole}>
          <SelectTrigger aria-label={t('role')} className="sm:flex-1">
            <SelectValue placeholder={t('chooseRole')} />
          </SelectTrigger>
          <SelectContent>
            {(roles.data ?? []).map((r) => (
              <SelectItem key={r.id} value={r.id}>
                {r.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="sm:w-48">
          <ScopeSelect scopes={scopes.data ?? []} value={scope} onChange={setScope} />
        </div>
        <Button
          disabled={!role || create.isPending}
          onClick={() =>
            create.mutate(
              { user: userId, role, policy: null, scope: scope === ROOT ? null : scope },
              {
                onSuccess: () => {
                  setRole('');
                },
              },
            )
          }
        >
          <Plus aria-hidden />
          {t('add')}
        </Button>
      </div>
    </section>
  );
}
