'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
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
import { toast } from '@/components/ui/toast';
import type { RoleRow } from '@/lib/client/access/types';
import { ApiError } from '@/lib/client/fetcher';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { useUserCreateMutation } from '@/lib/client/users/user-create-mutation';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NO_ROLE = '__none__';
const FIELDS = ['email', 'password', 'role', 'first_name', 'last_name'] as const;

type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

/** The fields a refusal names: schema messages, or the field a uniqueness conflict is about. */
function serverFieldErrors(error: unknown): Errors {
  const named: Record<string, string> = fieldErrorsOf(error);
  if (error instanceof ApiError && error.code === 'RECORD_NOT_UNIQUE') {
    const field = /field "(\w+)"/.exec(error.message)?.[1];
    if (field) named[field] = error.message;
  }
  const out: Errors = {};
  for (const f of FIELDS) if (named[f]) out[f] = named[f][0].toUpperCase() + named[f].slice(1);
  return out;
}

const empty = { email: '', password: '', role: NO_ROLE, first_name: '', last_name: '' };

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
  const errorMessage = useErrorMessage();
  const create = useUserCreateMutation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: FieldName) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function close(next: boolean) {
    if (!next) {
      setValues(empty);
      setErrors({});
      create.reset();
    }
    onOpenChange(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = values.email.trim();
    const found: Errors = {
      email: EMAIL.test(email) ? undefined : t('emailInvalid'),
      password: values.password ? undefined : t('passwordRequired'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    create.mutate(
      {
        email,
        password: values.password,
        role: values.role === NO_ROLE ? null : values.role,
        first_name: values.first_name.trim() || null,
        last_name: values.last_name.trim() || null,
      },
      {
        onSuccess: () => {
          toast({ title: t('created', { email }), variant: 'success' });
          close(false);
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          {create.error && <FormAlert>{errorMessage(create.error)}</FormAlert>}
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
          <Field label={t('role')} error={errors.role}>
            {(control) => (
              <Select value={values.role} onValueChange={set('role')}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_ROLE}>{t('noRole')}</SelectItem>
                  {roles.map((r) => (
                    <SelectItem key={r.id} value={r.id}>
                      {r.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
