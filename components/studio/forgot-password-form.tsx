'use client';

import { MailCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordRequestMutation } from '@/lib/client/auth/password-request-mutation';
import { FormAlert } from './kit/form-alert';
import { useErrorMessage } from './kit/use-error-message';

export function ForgotPasswordForm() {
  const t = useTranslations('ForgotPassword');
  const errorMessage = useErrorMessage();
  const request = usePasswordRequestMutation();
  const [email, setEmail] = useState('');

  if (request.isSuccess) {
    return (
      <FormAlert tone="success" icon={MailCheck}>
        {t('sent', { email })}
      </FormAlert>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {request.error && <FormAlert>{errorMessage(request.error)}</FormAlert>}
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
