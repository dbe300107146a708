'use client';

import { Send } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/client/fetcher';
import { useSmtpTestMutation } from '@/lib/client/settings/smtp-test-mutation';
import { FormAlert } from '../kit/form-alert';
import { useErrorMessage } from '../kit/use-error-message';
import { useSave } from '../kit/use-save';

/**
 * Checks the saved SMTP settings and, with an address, sends a test mail. The server's own
 * answer is shown: on failure it names the setting to look at.
 */
export function SmtpTest() {
  const t = useTranslations('Settings');
  const errorMessage = useErrorMessage();
  const [to, setTo] = useState('');
  const test = useSave(useSmtpTestMutation(), {
    saved: t('email.testPassed'),
    failed: t('email.testFailed'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    test.mutate(to.trim() || undefined);
  }

  const failure = test.error instanceof ApiError ? test.error : null;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="max-w-2xl rounded-xl border bg-card px-5 py-4 shadow-xs"
    >
      <h2 className="text-base font-semibold">{t('email.testTitle')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('email.testDescription')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('email.testTo')} className="flex-1">
          <Input
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder="you@example.com"
          />
        </Field>
        <Button type="submit" variant="outline" disabled={test.isPending}>
          <Send aria-hidden />
          {test.isPending
            ? t('email.testSending')
            : to.trim()
              ? t('email.testSend')
              : t('email.testConnect')}
        </Button>
      </div>
      <div className="mt-4 empty:hidden" aria-live="polite">
        {test.isSuccess && (
          <FormAlert tone="success">
            {test.variables
              ? t('email.testSent', { to: test.variables })
              : t('email.testConnected')}
          </FormAlert>
        )}
        {test.isError && (
          <FormAlert>
            {/* The server's explanation, in its words: it names host, port or credentials. */}
            {failure ? `${t('email.serverAnswer')} ${failure.message}` : errorMessage(test.error)}
          </FormAlert>
        )}
      </div>
    </form>
  );
}
