'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useInviteAcceptMutation } from '@/lib/client/users/user-invite-mutation';
import { Link } from '@/lib/i18n/navigation';
import { FormAlert } from '@/components/studio/form-alert';
import { useErrorMessage } from '@/components/studio/use-error-message';

const MIN_LENGTH = 8;

/** Sets the password of an invited user, which makes them active; then they can sign in. */
export function AcceptInviteForm() {
  const t = useTranslations('AcceptInvite');
  const errorMessage = useErrorMessage();
  const token = useSearchParams().get('token') ?? '';
  const accept = useInviteAcceptMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) return <FormAlert tone="error">{t('missingToken')}</FormAlert>;

  if (accept.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert tone="success">{t('success')}</FormAlert>
        <Button asChild className="w-full">
          <Link href="/login">{t('backToLogin')}</Link>
        </Button>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setProblem(t('tooShort'));
    if (password !== confirm) return setProblem(t('mismatch'));
    setProblem(null);
    accept.mutate({ token, password });
  }

  const message = problem ?? (accept.error ? errorMessage(accept.error) : null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {message && <FormAlert tone="error">{message}</FormAlert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-password">{t('password')}</Label>
        <Input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={accept.isPending}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-confirm">{t('confirm')}</Label>
        <Input
          id="invite-confirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={accept.isPending}
          aria-invalid={problem === t('mismatch') ? true : undefined}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending && <Spinner />}
        {accept.isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
