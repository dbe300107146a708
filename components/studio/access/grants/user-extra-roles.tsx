'use client';

import { useTranslations } from 'next-intl';
import { useGrantsQuery } from '@/lib/client/access/grants-query';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useScopesQuery } from '@/lib/client/scope/scopes-query';
import { GrantAddBar, GrantList } from './grant-list';
import { scopeLabel } from './scope-select';
import { useGrantActions } from './use-grant-actions';

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
  const actions = useGrantActions({ added: t('added'), removed: t('removed') });
  const rows = (grants.data ?? []).filter((g) => !g.policy && g.role);
  const roleName = (id: string | null) => roles.data?.find((r) => r.id === id)?.name ?? id ?? '';

  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">{t('title')}</h3>
      <p className="text-sm text-muted-foreground">{t('hint')}</p>
      {rows.length > 0 ? (
        <GrantList
          label={t('title')}
          actions={actions}
          entries={rows.map((g) => ({
            id: g.id,
            name: roleName(g.role),
            scope: scopeLabel(scopes.data, g.scope, tg('rootScope')),
            removeLabel: t('remove', { role: roleName(g.role) }),
          }))}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('none')}</p>
      )}
      <GrantAddBar
        label={t('role')}
        placeholder={t('chooseRole')}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        scopes={scopes.data}
        actions={actions}
        addLabel={t('add')}
        onAdd={() => actions.add({ user: userId, role: actions.choice, policy: null })}
      />
    </section>
  );
}
