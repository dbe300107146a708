'use client';

import { KeyRound, Search, UserPlus, Users } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LoadingState, QueryState } from '@/components/studio/kit/data-state';
import { Pagination } from '@/components/studio/kit/pagination';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { USER_STATUSES, type UserRow } from '@/lib/client/access/types';
import { useRolesQuery } from '@/lib/client/roles/roles-query';
import { useUsersQuery } from '@/lib/client/users/users-query';
import { AccessPage } from '../access-page';
import { byId, roleName, userLabel } from '../../kit/user-labels';
import { useDebounced } from '../../kit/use-debounced';
import { CreateUserDialog } from './create-user-dialog';
import { InviteDialog } from './invite-dialog';
import { StatusBadge } from './status-badge';
import { UserDialog } from './user-dialog';

const ALL = 'all';

export function UsersPage() {
  const t = useTranslations('Access.users');
  const format = useFormatter();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const [role, setRole] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [inviting, setInviting] = useState(false);
  const [creating, setCreating] = useState(false);
  const roles = useRolesQuery();
  const roleById = byId(roles.data);
  const params = {
    search: useDebounced(search),
    status: status === ALL ? null : status,
    role: role === ALL ? null : role,
    page,
    limit: pageSize,
  };
  const users = useUsersQuery(params);
  const filtered = Boolean(params.search || params.status || params.role);

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
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t('search')}
            placeholder={t('searchPlaceholder')}
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
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
          value={role}
          onValueChange={(v) => {
            setRole(v);
            setPage(1);
          }}
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
      </div>

      <QueryState
        query={users}
        loading={<LoadingState rows={6} />}
        isEmpty={(body) => body.data.length === 0}
        empty={{
          icon: Users,
          title: filtered ? t('noMatchTitle') : t('emptyTitle'),
          description: filtered ? t('noMatchBody') : t('emptyBody'),
        }}
      >
        {(body) => (
          <>
            <div className="overflow-x-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('name')}</TableHead>
                    <TableHead className="hidden md:table-cell">{t('email')}</TableHead>
                    <TableHead className="hidden sm:table-cell">{t('role')}</TableHead>
                    <TableHead>{t('statusLabel')}</TableHead>
                    <TableHead className="hidden lg:table-cell">{t('lastAccess')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody aria-busy={users.isFetching}>
                  {body.data.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell>
                        <button
                          type="button"
                          className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                          onClick={() => setEditing(user)}
                        >
                          {userLabel(user)}
                        </button>
                        <span className="block text-xs text-muted-foreground md:hidden">
                          {user.email}
                        </span>
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
                  ))}
                </TableBody>
              </Table>
            </div>
            <Pagination
              className="mt-4"
              page={page}
              pageSize={pageSize}
              total={body.meta?.filter_count ?? null}
              hasMore={body.data.length === pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </>
        )}
      </QueryState>
      <InviteDialog open={inviting} onOpenChange={setInviting} roles={roles.data ?? []} />
      <CreateUserDialog open={creating} onOpenChange={setCreating} roles={roles.data ?? []} />
      {editing && (
        <UserDialog user={editing} roles={roles.data ?? []} onClose={() => setEditing(null)} />
      )}
    </AccessPage>
  );
}
