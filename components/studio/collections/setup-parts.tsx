'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { checkIdentifier } from '@/lib/client/collections/identifier-rules';
import { SetupStepError } from '@/lib/client/relations/relation-setup-mutation';
import { useErrorMessage } from '../kit/use-error-message';
import { NameRules } from './name-rules';
import type { SetupStep } from './relation-plan';
import { SetupProgress } from './setup-progress';

/** The new field's name with the naming rules under it, as every set-up form asks it. */
export function SetupNameInput({
  id,
  value,
  onChange,
  rules,
  touched,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  rules: ReturnType<typeof checkIdentifier>;
  touched: boolean;
}) {
  const t = useTranslations('Relations');
  const valid = rules.every((r) => r.ok);
  return (
    <FormField
      label={t('fieldName')}
      required
      error={touched && !valid ? t('problem.name') : undefined}
    >
      {(control) => (
        <>
          <Input
            {...control}
            aria-describedby={[control['aria-describedby'], id].filter(Boolean).join(' ')}
            value={value}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            onChange={(e) => onChange(e.target.value)}
          />
          <NameRules id={id} results={rules} />
        </>
      )}
    </FormField>
  );
}

/**
 * Under a set-up form: the steps and their progress, what blocks the set-up, which step
 * failed and why, and cancel / create.
 */
export function SetupStatus({
  steps,
  current,
  setup,
  problems,
  touched,
  onDone,
  loading = false,
}: {
  steps: SetupStep[];
  current: number;
  setup: { isPending: boolean; isError: boolean; error: unknown };
  problems: string[];
  touched: boolean;
  onDone: () => void;
  // The form still waits for what its plan needs (the related collection's fields): a
  // submit now would have no steps to run, so the button waits too instead of doing nothing.
  loading?: boolean;
}) {
  const t = useTranslations('Relations');
  const errorText = useErrorMessage();
  const failedAt = setup.error instanceof SetupStepError ? setup.error.index : null;
  return (
    <>
      {steps.length > 0 && <SetupProgress steps={steps} current={current} failed={setup.isError} />}
      {touched && problems.length > 0 && (
        <ul role="alert" className="list-inside list-disc text-sm text-destructive">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {setup.isError && (
        <div role="alert" className="flex flex-col gap-1 text-sm text-destructive">
          <p>
            {t('failedAt', {
              step: (failedAt ?? 0) + 1,
              target: steps[failedAt ?? 0]?.target ?? '',
            })}{' '}
            {errorText(setup.error instanceof SetupStepError ? setup.error.cause : setup.error)}
          </p>
          {(failedAt ?? 0) > 0 && <p className="text-muted-foreground">{t('partial')}</p>}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={setup.isPending}>
          {setup.isError ? t('close') : t('cancel')}
        </Button>
        {!setup.isError && (
          <Button type="submit" disabled={setup.isPending || loading} aria-busy={loading}>
            {(setup.isPending || loading) && <Spinner />}
            {t('create')}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
