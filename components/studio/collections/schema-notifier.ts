'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { toast } from '@/components/ui/toast';
import type { SchemaNotifier } from '@/lib/client/collections/schema-mutation';
import { ApiError } from '@/lib/client/fetcher';

/** The translated error plus the server's own sentence, which names the field or rule. */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      const base = t.has(code) ? t(code) : t('UNKNOWN');
      const detail = error instanceof ApiError && error.status > 0 ? error.message : '';
      return detail && detail !== base && !detail.startsWith('HTTP ') ? `${base} ${detail}` : base;
    },
    [t],
  );
}

/** Toasts for data-model changes, handed to the lib/client mutation hooks. */
export function useSchemaNotifier(): SchemaNotifier {
  const t = useTranslations('DataModelToasts');
  const errorText = useApiErrorText();
  return useMemo(
    () => ({
      success: ({ key, name }) => toast({ title: t(key, { name }), variant: 'success' }),
      failure: (error) =>
        toast({ title: t('failed'), description: errorText(error), variant: 'error' }),
    }),
    [t, errorText],
  );
}
