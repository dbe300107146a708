'use client';

import { useTranslations } from 'next-intl';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
import { ApiError } from '@/lib/client/fetcher';
import { fieldErrorsOf } from '@/lib/client/field-errors';

export interface FormErrors {
  /** The translated reason, for the alert above the form. */
  general: string | null;
  /** The server's own words per field (a compile error, a schedule it cannot read...). */
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { general: null, fields: {} };

/** Turns a failed save into what the form shows: a summary and the fields at fault. */
export function useFormErrors(): (error: unknown) => FormErrors {
  const t = useTranslations('Runtime');
  const message = useErrorMessage();
  return (error) => {
    // The server's words follow the field's name ("source" does not compile: ...).
    const fields = Object.fromEntries(
      Object.entries(fieldErrorsOf(error)).map(([k, v]) => [k, v[0].toUpperCase() + v.slice(1)]),
    );
    if (error instanceof ApiError && error.code === 'RECORD_NOT_UNIQUE') {
      fields.name = t('nameTaken');
    }
    return { general: message(error), fields };
  };
}
