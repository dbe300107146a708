'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { ApiError } from '../fetcher';
import { fieldKeys } from '../fields/keys';
import { relationKeys } from '../relations/keys';
import { collectionKeys } from './keys';

/**
 * A schema change can touch all three lists at once, in every scope (deleting a collection drops its
 * relations and the alias fields pointing at it), so every data-model mutation refreshes
 * collections, fields and relations together.
 */
export function invalidateSchema(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.root }),
    queryClient.invalidateQueries({ queryKey: fieldKeys.root }),
    queryClient.invalidateQueries({ queryKey: relationKeys.root }),
  ]).then(() => undefined);
}

/** The translated error plus the server's own sentence, which names the field or rule. */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    const base = t.has(code) ? t(code) : t('UNKNOWN');
    const detail = error instanceof ApiError && error.status > 0 ? error.message : '';
    return detail && detail !== base && !detail.startsWith('HTTP ') ? `${base} ${detail}` : base;
  };
}

export type ToastKey =
  | 'collectionCreated'
  | 'collectionUpdated'
  | 'collectionDeleted'
  | 'fieldCreated'
  | 'fieldUpdated'
  | 'fieldDeleted'
  | 'fieldsReordered'
  | 'relationCreated'
  | 'relationUpdated'
  | 'indexesSaved';

/** One mutation of the data model: refresh the schema lists, toast the outcome. */
export function useSchemaMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  success: (vars: V) => { key: ToastKey; name: string } | null,
) {
  const queryClient = useQueryClient();
  const t = useTranslations('DataModelToasts');
  const errorText = useApiErrorText();
  return useMutation({
    mutationFn,
    onSuccess: (_data, vars) => {
      const message = success(vars);
      if (message) toast({ title: t(message.key, { name: message.name }), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('failed'), description: errorText(error), variant: 'error' }),
    onSettled: () => invalidateSchema(queryClient),
  });
}
