'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/client/fetcher';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { useProfileUpdateMutation } from '@/lib/client/profile/profile-update-mutation';
import { useSave } from '../kit/use-save';
import { ProfileSection } from './section';

type Errors = Partial<Record<'current' | 'password' | 'confirm', string>>;

/** A new password needs the current one; other sessions of the user end when it changes. */
export function PasswordForm() {
  const t = useTranslations('Profile');
  // The server names a wrong current password as a field error of `current_password`.
  const wrong = (error: unknown, fields: Record<string, string>) =>
    (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') ||
    fields.current_password !== undefined;
  const update = useSave(useProfileUpdateMutation(), {
    saved: t('passwordSaved'),
    failed: t('saveFailed'),
    mapFields: (fields, error): Errors =>
      wrong(error, fields) ? { current: t('currentWrong') } : { password: fields.password },
    describe: (error, message) =>
      wrong(error, fieldErrorsOf(error)) ? t('currentWrong') : message,
  });
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const errors: Errors = update.errors.fields;

  function submit() {
    const found: Errors = {
      current: current ? undefined : t('currentRequired'),
      password: password.length < 8 ? t('passwordTooShort') : undefined,
      confirm: confirm !== password ? t('passwordMismatch') : undefined,
    };
    update.mutate(
      { password, current_password: current },
      {
        clientErrors: found,
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirm('');
        },
      },
    );
  }

  return (
    <ProfileSection
      id="profile-password"
      title={t('passwordTitle')}
      description={t('passwordDescription')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('savePassword')}
        </Button>
      }
    >
      <Field label={t('currentPassword')} error={errors.current} required>
        <Input
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('newPassword')} hint={t('passwordHint')} error={errors.password} required>
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </Field>
        <Field label={t('confirmPassword')} error={errors.confirm} required>
          <Input
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
          />
        </Field>
      </div>
    </ProfileSection>
  );
}
