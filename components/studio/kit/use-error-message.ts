'use client';

import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/client/fetcher';

/** The server's own words for a refusal, when it sent some (not for 401: sign-in stays vague). */
function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  if (error.status === 401 || !error.message || error.message.startsWith('HTTP ')) return null;
  return error.message;
}

/**
 * Maps any thrown value to the translated `Errors.<CODE>` text, falling back to a generic
 * one; a refusal also carries the server's reason (which limit, which field), since the
 * generic text alone leaves the user guessing.
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    const text = t.has(code) ? t(code) : t('UNKNOWN');
    const reason = serverReason(error);
    return reason && reason !== text ? `${text} ${reason}` : text;
  };
}
