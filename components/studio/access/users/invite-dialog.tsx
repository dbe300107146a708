'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { RoleRow } from '@/lib/client/access/types';
import { useUserInviteMutation } from '@/lib/client/users/user-invite-mutation';
import { RoleField } from './role-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteDialog({
  open,
  onOpenChange,
  roles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: RoleRow[];
}) {
  const t = useTranslations('Access.invite');
  const locale = useLocale();
  const invite = useSave(useUserInviteMutation(), {
    saved: (vars) => t('sent', { email: vars.email }),
    inline: true,
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({});

  function close(next: boolean) {
    if (!next) {
      setEmail('');
      setRole('');
      setErrors({});
      invite.reset();
    }
    onOpenChange(next);
  }

  function onSubmit() {
    const found = {
      email: EMAIL.test(email.trim()) ? undefined : t('emailInvalid'),
      role: role ? undefined : t('roleRequired'),
    };
    setErrors(found);
    if (found.email || found.role) return;
    invite.mutate(
      {
        email: email.trim(),
        role,
        // The link in the mail opens this studio's accept page in the inviter's language.
        invite_url: `${window.location.origin}/${locale}/accept-invite`,
      },
      {
        onSuccess: () => {
          close(false);
        },
      },
    );
  }

  return (
    <EditDialog
      open={open}
      className="sm:max-w-lg"
      title={t('title')}
      description={t('description')}
      error={invite.message}
      saving={invite.isPending}
      labels={{ cancel: t('cancel'), save: t('submit') }}
      onClose={() => close(false)}
      onSubmit={onSubmit}
    >
      <Field label={t('email')} error={errors.email} required>
        <Input
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <RoleField
        label={t('role')}
        roles={roles}
        value={role}
        onChange={setRole}
        placeholder={t('rolePlaceholder')}
        error={errors.role}
        required
      />
    </EditDialog>
  );
}
