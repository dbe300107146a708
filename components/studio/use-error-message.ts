'use client';

import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/client/fetcher';

/** Maps any thrown value to the translated `Errors.<CODE>` text, falling back to a generic one. */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    return t.has(code) ? t(code) : t('UNKNOWN');
  };
}
