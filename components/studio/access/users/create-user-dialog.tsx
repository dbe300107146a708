'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { RoleRow } from '@/lib/client/access/types';
import { ApiError } from '@/lib/client/fetcher';
import { useUserCreateMutation } from '@/lib/client/users/user-create-mutation';
import { NO_ROLE, RoleField } from './role-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The fields a refusal names (as data), in a sentence's case; a uniqueness conflict shows the
 * server's whole message on its field, since "has to be unique" alone doesn't say which value.
 */
function accountFieldWords(fields: Record<string, string>, error: unknown) {
  const conflict = error instanceof ApiError && error.code === 'RECORD_NOT_UNIQUE';
  return Object.fromEntries(
    Object.entries(fields).map(([field, text]) => {
      const shown = conflict ? (error as ApiError).message : text;
      return [field, shown[0].toUpperCase() + shown.slice(1)];
    }),
  );
}

const empty = { email: '', password: '', role: NO_ROLE, first_name: '', last_name: '' };
type FieldName = keyof typeof empty;

/** An account with a password, active at once: for people who can't receive mail, or tests. */
export function CreateUserDialog({
  open,
  onOpenChange,
  roles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: RoleRow[];
}) {
  const t = useTranslations('Access.createUser');
  const create = useSave(useUserCreateMutation(), {
    saved: (vars) => t('created', { email: vars.email }),
    inline: true,
    mapFields: accountFieldWords,
  });
  const [values, setValues] = useState(empty);
  const errors = create.errors.fields;
  const set = (field: FieldName) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function close() {
    setValues(empty);
    create.reset();
    onOpenChange(false);
  }

  function submit() {
    const email = values.email.trim();
    create.mutate(
      {
        email,
        password: values.password,
        role: values.role === NO_ROLE ? null : values.role,
        first_name: values.first_name.trim() || null,
        last_name: values.last_name.trim() || null,
      },
      {
        clientErrors: {
          email: EMAIL.test(email) ? undefined : t('emailInvalid'),
          password: values.password ? undefined : t('passwordRequired'),
        },
        onSuccess: close,
      },
    );
  }

  return (
    <EditDialog
      open={open}
      className=""
      title={t('title')}
      description={t('description')}
      error={create.message}
      saving={create.isPending}
      labels={{ cancel: t('cancel'), save: t('submit') }}
      onSubmit={submit}
      onClose={close}
    >
      <Field label={t('email')} error={errors.email} required>
        <Input
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </Field>
      <Field label={t('password')} hint={t('passwordHint')} error={errors.password} required>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
        />
      </Field>
      <RoleField
        label={t('role')}
        roles={roles}
        value={values.role}
        onChange={set('role')}
        none={t('noRole')}
        error={errors.role}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('firstName')} error={errors.first_name}>
          <Input
            autoComplete="off"
            value={values.first_name}
            onChange={(e) => set('first_name')(e.target.value)}
          />
        </Field>
        <Field label={t('lastName')} error={errors.last_name}>
          <Input
            autoComplete="off"
            value={values.last_name}
            onChange={(e) => set('last_name')(e.target.value)}
          />
        </Field>
      </div>
    </EditDialog>
  );
}
