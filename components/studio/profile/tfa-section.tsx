'use client';

import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTfaDisableMutation } from '@/lib/client/profile/tfa-disable-mutation';
import type { Profile } from '@/lib/client/profile/types';
import { ApiError } from '@/lib/client/fetcher';
import { FormAlert } from '../kit/form-alert';
import { EnrolStep } from '../kit/mfa-steps';
import { useErrorMessage } from '../kit/use-error-message';
import { useSave } from '../kit/use-save';
import { ProfileSection } from './section';

type Step = 'idle' | 'password' | 'enrol' | 'disable';

/** Enrol (password, then scan and confirm a code) or turn off (a current code). */
export function TfaSection({ profile }: { profile: Profile }) {
  const t = useTranslations('Profile');
  const errorMessage = useErrorMessage();
  const disable = useSave(useTfaDisableMutation(), { saved: t('tfaDisabled'), inline: true });
  const [step, setStep] = useState<Step>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const enabled = profile.has_tfa === true;

  function startEnrol(event: FormEvent) {
    event.preventDefault();
    if (password) setStep('enrol');
  }

  function submitDisable(event: FormEvent) {
    event.preventDefault();
    disable.mutate(code.replace(/\s+/g, ''), {
      onSuccess: () => {
        setStep('idle');
        setCode('');
      },
    });
  }

  function cancel() {
    setStep('idle');
    setPassword('');
    setCode('');
    disable.reset();
  }

  // The server explains why it refused (for example: a policy enforces the factor).
  const disableError =
    disable.error instanceof ApiError && disable.error.code === 'INVALID_PAYLOAD'
      ? disable.error.message
      : disable.error
        ? errorMessage(disable.error)
        : null;

  return (
    <ProfileSection id="profile-tfa" title={t('tfaTitle')} description={t('tfaDescription')}>
      <div className="flex items-center gap-2 text-sm">
        {enabled ? (
          <ShieldCheck aria-hidden className="size-4 text-emerald-600" />
        ) : (
          <ShieldOff aria-hidden className="size-4 text-muted-foreground" />
        )}
        <span>{t('tfaStatus')}</span>
        <Badge variant={enabled ? 'success' : 'outline'}>
          {enabled ? t('tfaOn') : t('tfaOff')}
        </Badge>
      </div>

      {step === 'idle' && (
        <div>
          {enabled ? (
            <Button variant="outline" onClick={() => setStep('disable')}>
              {t('tfaDisable')}
            </Button>
          ) : (
            <Button onClick={() => setStep('password')}>{t('tfaEnable')}</Button>
          )}
        </div>
      )}

      {step === 'password' && (
        <form onSubmit={startEnrol} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label={t('tfaPassword')} className="flex-1">
            <Input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              autoFocus
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={!password}>
              {t('continue')}
            </Button>
            <Button type="button" variant="ghost" onClick={cancel}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}

      {step === 'enrol' && (
        <div className="flex max-w-sm flex-col gap-3">
          <EnrolStep password={password} saved={t('tfaEnabled')} onDone={cancel} />
          <Button type="button" variant="ghost" onClick={cancel}>
            {t('cancel')}
          </Button>
        </div>
      )}

      {step === 'disable' && (
        <form onSubmit={submitDisable} className="flex flex-col gap-3">
          {disableError && <FormAlert>{disableError}</FormAlert>}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t('tfaCode')} hint={t('tfaCodeHint')} className="flex-1">
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
              />
            </Field>
            <div className="flex gap-2">
              <Button
                type="submit"
                variant="destructive"
                disabled={disable.isPending || !code.trim()}
              >
                {disable.isPending ? t('saving') : t('tfaDisableConfirm')}
              </Button>
              <Button type="button" variant="ghost" onClick={cancel}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
