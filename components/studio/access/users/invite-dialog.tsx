'use client';

import { useLocale, useTranslations } from 'next-intl';
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
import type { RoleRow } from '@/lib/client/access/types';
import { useUserInviteMutation } from '@/lib/client/users/user-invite-mutation';

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          {invite.message && <FormAlert>{invite.message}</FormAlert>}
          <Field label={t('email')} error={errors.email} required>
            <Input
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label={t('role')} error={errors.role} required>
            {(control) => (
              <Select value={role} onValueChange={setRole}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder={t('rolePlaceholder')} />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((r) => (
                    <SelectItem key={r.id} value={r.id}>
                      {r.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending && <Spinner />}
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
