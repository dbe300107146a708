'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/client/fetcher';
import { useLoginMutation, type LoginNext } from '@/lib/client/auth/login-mutation';
import { providerSessionState } from '@/lib/client/auth/providers-query';
import { safeRedirect } from '@/lib/client/auth/safe-redirect';
import { FormAlert } from './kit/form-alert';
import { EnrolStep, OtpStep } from './kit/mfa-steps';
import { ProviderButtons } from './provider-buttons';
import { useErrorMessage } from './kit/use-error-message';

type Step =
  | { kind: 'credentials' }
  | { kind: 'returning' }
  | { kind: 'otp' }
  | { kind: 'enrol'; password: string };

/** Email and password, then, when the account needs one, the second factor. */
export function LoginForm() {
  const locale = useLocale();
  const router = useRouter();
  const searchParams = useSearchParams();
  const returning = searchParams.get('provider') !== null;
  const [step, setStep] = useState<Step>({ kind: returning ? 'returning' : 'credentials' });
  const done = () => router.replace(safeRedirect(searchParams.get('redirect'), locale));
  const restart = () => setStep({ kind: 'credentials' });
  const target = safeRedirect(searchParams.get('redirect'), locale);

  // Back from an identity provider: the session cookie is set; a second factor may be owed.
  useEffect(() => {
    if (!returning) return;
    providerSessionState().then(
      (next) => {
        if (next === 'done') router.replace(target);
        else setStep(next === 'otp' ? { kind: 'otp' } : { kind: 'credentials' });
      },
      () => setStep({ kind: 'credentials' }),
    );
  }, [returning, router, target]);

  if (step.kind === 'returning') {
    return (
      <div className="grid place-items-center py-6 text-muted-foreground">
        <Spinner className="size-6" />
      </div>
    );
  }

  if (step.kind === 'otp') return <OtpStep onDone={done} onCancel={restart} />;
  if (step.kind === 'enrol') {
    return <EnrolStep password={step.password} onDone={done} onCancel={restart} />;
  }
  return (
    <CredentialsForm
      onSignedIn={(next, password) => {
        if (next === 'done') done();
        else setStep(next === 'otp' ? { kind: 'otp' } : { kind: 'enrol', password });
      }}
    />
  );
}

function CredentialsForm({ onSignedIn }: { onSignedIn(next: LoginNext, password: string): void }) {
  const t = useTranslations('Login');
  const reason = useSearchParams().get('reason');
  const errorMessage = useErrorMessage();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: (next) => onSignedIn(next, password) },
    );
  }

  // The login endpoint's 401 means wrong credentials even if an older server omits the code.
  const error =
    login.error instanceof ApiError &&
    login.error.status === 401 &&
    login.error.code === 'UNAUTHENTICATED'
      ? new ApiError(401, 'INVALID_CREDENTIALS', login.error.message)
      : login.error;
  const pending = login.isPending || login.isSuccess;

  return (
    <form
      onSubmit={onSubmit}
      noValidate={false}
      className="flex flex-col gap-5"
      aria-describedby={error ? errorId : undefined}
    >
      {error ? (
        <FormAlert id={errorId}>{errorMessage(error)}</FormAlert>
      ) : (
        reason === 'mfa' && <FormAlert tone="info">{t('secondFactorNeeded')}</FormAlert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-email">{t('email')}</Label>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder={t('emailPlaceholder')}
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={pending}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-password">{t('password')}</Label>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={pending}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending && <Spinner />}
        {pending ? t('submitting') : t('submit')}
      </Button>
      <ProviderButtons disabled={pending} />
    </form>
  );
}
