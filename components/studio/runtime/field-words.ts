'use client';

import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/client/fetcher';

/**
 * How a runtime form words the server's field problems: its own words follow the field's
 * name ("source" does not compile: ...), so they start a sentence; a taken name is the
 * studio's own message.
 */
export function useRuntimeFieldWords() {
  const t = useTranslations('Runtime');
  return (fields: Record<string, string>, error: unknown): Record<string, string> => {
    const out = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v[0].toUpperCase() + v.slice(1)]),
    );
    if (error instanceof ApiError && error.code === 'RECORD_NOT_UNIQUE') out.name = t('nameTaken');
    return out;
  };
}
