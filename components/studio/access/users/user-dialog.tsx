'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { USER_STATUSES, type RoleRow, type UserRow } from '@/lib/client/access/types';
import { useUserQuery } from '@/lib/client/users/user-query';
import { useUserUpdateMutation } from '@/lib/client/users/user-update-mutation';
import { userLabel } from '../../kit/user-labels';
import { UserPolicies } from './user-policies';
import { UserSecurity } from './user-security';
import { NO_ROLE, RoleField } from './role-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function DetailsForm({
  user,
  roles,
  onDone,
}: {
  user: UserRow;
  roles: RoleRow[];
  onDone: () => void;
}) {
  const t = useTranslations('Access.users');
  const update = useSave(useUserUpdateMutation(), { saved: t('saved'), inline: true });
  const [form, setForm] = useState({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    status: user.status,
    role: user.role ?? NO_ROLE,
  });
  const [emailError, setEmailError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.email && !EMAIL.test(form.email.trim())) return setEmailError(t('emailInvalid'));
    setEmailError(undefined);
    update.mutate(
      {
        id: user.id,
        patch: {
          first_name: form.first_name.trim() || null,
          last_name: form.last_name.trim() || null,
          email: form.email.trim() || null,
          status: form.status,
          role: form.role === NO_ROLE ? null : form.role,
        },
      },
      {
        onSuccess: () => {
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      {update.message && <FormAlert>{update.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('firstName')}>
          <Input
            value={form.first_name}
            maxLength={50}
            onChange={(e) => setForm({ ...form, first_name: e.target.value })}
          />
        </Field>
        <Field label={t('lastName')}>
          <Input
            value={form.last_name}
            maxLength={50}
            onChange={(e) => setForm({ ...form, last_name: e.target.value })}
          />
        </Field>
      </div>
      <Field label={t('email')} error={emailError}>
        <Input
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('statusLabel')}>
          {(control) => (
            <Select
              value={form.status}
              onValueChange={(v) => setForm({ ...form, status: v as UserRow['status'] })}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {USER_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <RoleField
          label={t('role')}
          roles={roles}
          value={form.role}
          onChange={(v) => setForm({ ...form, role: v })}
          none={t('noRole')}
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t('save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** One user: details, the policies given to them directly, and their sign-in security. */
export function UserDialog({
  user: initial,
  roles,
  onClose,
}: {
  user: UserRow;
  roles: RoleRow[];
  onClose: () => void;
}) {
  const t = useTranslations('Access.users');
  // The row the list showed, refreshed after each change made here.
  const user = useUserQuery(initial.id).data ?? initial;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{userLabel(user)}</DialogTitle>
          <DialogDescription>{user.email ?? t('noEmail')}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="details">
          <TabsList>
            <TabsTrigger value="details">{t('tabDetails')}</TabsTrigger>
            <TabsTrigger value="policies">{t('tabPolicies')}</TabsTrigger>
            <TabsTrigger value="security">{t('tabSecurity')}</TabsTrigger>
          </TabsList>
          <TabsContent value="details" className="pt-4">
            <DetailsForm key={user.status + user.role} user={user} roles={roles} onDone={onClose} />
          </TabsContent>
          <TabsContent value="policies" className="pt-4">
            <UserPolicies userId={user.id} />
          </TabsContent>
          <TabsContent value="security" className="pt-4">
            <UserSecurity user={user} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
