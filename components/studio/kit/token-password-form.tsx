'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Link } from '@/lib/i18n/navigation';
import { FormAlert } from './form-alert';
import { useErrorMessage } from './use-error-message';

const MIN_LENGTH = 8;

/** What a token-and-password form sends with: a reset or an invitation acceptance. */
export interface TokenPasswordMutation {
  mutate: (input: { token: string; password: string }) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * A new password set with a mailed token (the `?token=` of the link), typed twice. Its
 * strings come from `namespace`: missingToken, success, backToLogin, tooShort, mismatch,
 * password, confirm, submit, submitting.
 */
export function TokenPasswordForm({
  namespace,
  idPrefix,
  mutation: reset,
}: {
  namespace: 'ResetPassword' | 'AcceptInvite';
  idPrefix: string;
  mutation: TokenPasswordMutation;
}) {
  const t = useTranslations(namespace);
  const errorMessage = useErrorMessage();
  const token = useSearchParams().get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) return <FormAlert tone="error">{t('missingToken')}</FormAlert>;

  if (reset.isSuccess) {
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
    reset.mutate({ token, password });
  }

  const message = problem ?? (reset.error ? errorMessage(reset.error) : null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {message && <FormAlert tone="error">{message}</FormAlert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-password`}>{t('password')}</Label>
        <Input
          id={`${idPrefix}-password`}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={reset.isPending}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-confirm`}>{t('confirm')}</Label>
        <Input
          id={`${idPrefix}-confirm`}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={reset.isPending}
          aria-invalid={problem === t('mismatch') ? true : undefined}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending && <Spinner />}
        {reset.isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
