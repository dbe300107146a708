'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useLogoutMutation } from '@/lib/client/auth/logout-mutation';
import { useTfaEnrolMutation } from '@/lib/client/auth/tfa-enrol-mutation';
import { useTfaGenerateMutation } from '@/lib/client/auth/tfa-generate-mutation';
import { useMfaVerifyMutation } from '@/lib/client/auth/mfa-verify-mutation';
import { FormAlert } from './form-alert';
import { QrCode } from './qr-code';
import { useErrorMessage } from './use-error-message';
import { useSave } from './use-save';

interface StepProps {
  /** The session is at assurance level 2: go on into the studio. */
  onDone(): void;
  /**
   * Back to the email and password, after ending the half-signed-in session. Without it (the
   * profile page, fully signed in) there is no way back to offer.
   */
  onCancel?(): void;
}

/** The code field and its buttons, shared by verifying and enrolling. */
function CodeForm(props: {
  intro: ReactNode;
  submit: string;
  submitting: string;
  pending: boolean;
  error: unknown;
  disabled?: boolean;
  onSubmit(code: string): void;
  onCancel?(): void;
}) {
  const t = useTranslations('Login');
  const errorMessage = useErrorMessage();
  const logout = useLogoutMutation();
  const [code, setCode] = useState('');
  const errorId = useId();
  const busy = props.pending || logout.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit(code.replace(/\s+/g, ''));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {props.error ? <FormAlert id={errorId}>{errorMessage(props.error)}</FormAlert> : null}
      {props.intro}
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-otp">{t('otpLabel')}</Label>
        <Input
          id="login-otp"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\s*(\d\s*){6}"
          maxLength={9}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={busy || props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={busy || props.disabled}
        aria-busy={props.pending}
      >
        {props.pending && <Spinner />}
        {props.pending ? props.submitting : props.submit}
      </Button>
      {props.onCancel && (
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => logout.mutate(undefined, { onSettled: props.onCancel })}
        >
          {t('useAnotherAccount')}
        </Button>
      )}
    </form>
  );
}

/** A factor is enrolled: one code from the app raises the session. */
export function OtpStep({ onDone, onCancel }: StepProps) {
  const t = useTranslations('Login');
  const verify = useMfaVerifyMutation();
  return (
    <CodeForm
      intro={<p className="text-sm text-muted-foreground">{t('otpHint')}</p>}
      submit={t('verify')}
      submitting={t('verifying')}
      pending={verify.isPending || verify.isSuccess}
      error={verify.error}
      onSubmit={(otp) => verify.mutate(otp, { onSuccess: onDone })}
      onCancel={onCancel}
    />
  );
}

/** MFA is required and nothing is enrolled: set up an app, then sign in with its first code. */
export function EnrolStep({
  password,
  onDone,
  onCancel,
  saved = null,
}: StepProps & {
  password: string;
  /** The toast once the factor is on (the profile); none while signing in. */
  saved?: string | null;
}) {
  const t = useTranslations('Login');
  const generate = useTfaGenerateMutation();
  // The code form shows a refusal itself.
  const enrol = useSave(useTfaEnrolMutation(), { saved, failed: null });
  const { mutate: start } = generate;

  useEffect(() => start(password), [start, password]);

  const secret = generate.data;
  const intro = (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-muted-foreground">{t('enrolIntro')}</p>
      {secret ? (
        <div className="flex flex-col items-center gap-3">
          <QrCode value={secret.otpauth_url} label={t('enrolQr')} />
          <div className="flex flex-col items-center gap-1">
            <span className="text-xs text-muted-foreground">{t('enrolKey')}</span>
            <code data-testid="tfa-secret" className="text-center font-mono text-sm tracking-wider">
              {secret.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </div>
        </div>
      ) : generate.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {t('enrolPreparing')}
        </p>
      ) : null}
    </div>
  );

  return (
    <CodeForm
      intro={intro}
      submit={t('enrolSubmit')}
      submitting={t('enrolSubmitting')}
      pending={enrol.isPending || enrol.isSuccess}
      error={generate.error ?? enrol.error}
      disabled={!secret}
      onSubmit={(otp) =>
        secret && enrol.mutate({ secret: secret.secret, otp }, { onSuccess: onDone })
      }
      onCancel={onCancel}
    />
  );
}
