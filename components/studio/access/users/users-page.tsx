'use client';

import { KeyRound, UserPlus, Users } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListToolbar, PagedTable, useListState } from '@/components/studio/kit/paged-list';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TableCell, TableRow } from '@/components/ui/table';
import { USER_STATUSES, type UserRow } from '@/lib/client/access/types';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useUsersQuery } from '@/lib/client/users/users-query';
import { AccessPage } from '../access-page';
import { byId, roleName, userLabel } from '../../kit/user-labels';
import { CreateUserDialog } from './create-user-dialog';
import { InviteDialog } from './invite-dialog';
import { StatusBadge } from './status-badge';
import { UserDialog } from './user-dialog';

const ALL = 'all';

export function UsersPage() {
  const t = useTranslations('Access.users');
  const format = useFormatter();
  const state = useListState({ status: null, role: null });
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [inviting, setInviting] = useState(false);
  const [creating, setCreating] = useState(false);
  const roles = useRolesQuery();
  const roleById = byId(roles.data);
  const { search, filter, page, limit } = state.params;
  const users = useUsersQuery({ search, status: filter.status, role: filter.role, page, limit });
  const noMatch = { icon: Users, title: t('noMatchTitle'), description: t('noMatchBody') };

  return (
    <AccessPage
      title={t('title')}
      description={t('description')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setCreating(true)}>
            <KeyRound aria-hidden />
            {t('create')}
          </Button>
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden />
            {t('invite')}
          </Button>
        </div>
      }
    >
      <ListToolbar state={state} label={t('search')} placeholder={t('searchPlaceholder')}>
        <Select
          value={filter.status ?? ALL}
          onValueChange={(v) => state.setFilter('status', v === ALL ? null : v)}
        >
          <SelectTrigger aria-label={t('statusFilter')} className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('anyStatus')}</SelectItem>
            {USER_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {t(`status.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filter.role ?? ALL}
          onValueChange={(v) => state.setFilter('role', v === ALL ? null : v)}
        >
          <SelectTrigger aria-label={t('roleFilter')} className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('anyRole')}</SelectItem>
            {(roles.data ?? []).map((r) => (
              <SelectItem key={r.id} value={r.id}>
                {r.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </ListToolbar>

      <PagedTable
        query={users}
        state={state}
        framed
        loadingRows={6}
        empty={{ icon: Users, title: t('emptyTitle'), description: t('emptyBody') }}
        noMatch={noMatch}
        columns={[
          { label: t('name') },
          { label: t('email'), className: 'hidden md:table-cell' },
          { label: t('role'), className: 'hidden sm:table-cell' },
          { label: t('statusLabel') },
          { label: t('lastAccess'), className: 'hidden lg:table-cell' },
        ]}
        row={(user) => (
          <TableRow key={user.id}>
            <TableCell>
              <button
                type="button"
                className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setEditing(user)}
              >
                {userLabel(user)}
              </button>
              <span className="block text-xs text-muted-foreground md:hidden">{user.email}</span>
            </TableCell>
            <TableCell className="hidden md:table-cell">{user.email}</TableCell>
            <TableCell className="hidden sm:table-cell">
              {roleName(roleById, user.role) ?? (
                <span className="text-muted-foreground">{t('noRole')}</span>
              )}
            </TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell className="hidden text-muted-foreground lg:table-cell">
              {user.last_access
                ? format.dateTime(new Date(user.last_access), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })
                : t('never')}
            </TableCell>
          </TableRow>
        )}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} roles={roles.data ?? []} />
      <CreateUserDialog open={creating} onOpenChange={setCreating} roles={roles.data ?? []} />
      {editing && (
        <UserDialog user={editing} roles={roles.data ?? []} onClose={() => setEditing(null)} />
      )}
    </AccessPage>
  );
}
