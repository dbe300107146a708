'use client';

import { CircleAlert, CircleCheck } from 'lucide-react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordResetMutation } from '@/lib/client/auth/password-reset-mutation';
import { Link } from '@/lib/i18n/navigation';
import { useErrorMessage } from './use-error-message';

const MIN_LENGTH = 8;

function Alert({ tone, children }: { tone: 'error' | 'success'; children: string }) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive'
          : 'flex items-start gap-2.5 rounded-lg border border-emerald-600/30 bg-emerald-600/5 px-3 py-2.5 text-sm text-emerald-700 dark:text-emerald-400'
      }
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}

export function ResetPasswordForm() {
  const t = useTranslations('ResetPassword');
  const errorMessage = useErrorMessage();
  const token = useSearchParams().get('token') ?? '';
  const reset = usePasswordResetMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) return <Alert tone="error">{t('missingToken')}</Alert>;

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{t('success')}</Alert>
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
      {message && <Alert tone="error">{message}</Alert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-password">{t('password')}</Label>
        <Input
          id="reset-password"
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
        <Label htmlFor="reset-confirm">{t('confirm')}</Label>
        <Input
          id="reset-confirm"
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
