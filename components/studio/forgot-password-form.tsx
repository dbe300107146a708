'use client';

import { CircleAlert, MailCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordRequestMutation } from '@/lib/client/auth/password-request-mutation';
import { useErrorMessage } from './use-error-message';

export function ForgotPasswordForm() {
  const t = useTranslations('ForgotPassword');
  const errorMessage = useErrorMessage();
  const request = usePasswordRequestMutation();
  const [email, setEmail] = useState('');

  if (request.isSuccess) {
    return (
      <div
        role="status"
        className="flex items-start gap-2.5 rounded-lg border border-emerald-600/30 bg-emerald-600/5 px-3 py-2.5 text-sm text-emerald-700 dark:text-emerald-400"
      >
        <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{t('sent', { email })}</span>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {request.error && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{errorMessage(request.error)}</span>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="forgot-email">{t('email')}</Label>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={request.isPending}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending && <Spinner />}
        {request.isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
