'use client';

import { useQueries } from '@tanstack/react-query';
import { fetchFields } from '../fields/fields-query';
import { fieldKeys } from '../fields/keys';
import type { Field } from '../fields/types';

/**
 * The fields of several collections at once (the targets of a collection's many-to-one
 * fields), each cached under the same key `useFieldsQuery` uses.
 */
export function useRelatedFieldsQuery(collections: readonly string[]) {
  const results = useQueries({
    queries: collections.map((c) => ({
      queryKey: fieldKeys.list(c),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchFields(c, signal),
      staleTime: 60_000,
    })),
  });
  const byCollection: Record<string, Field[]> = {};
  collections.forEach((c, i) => {
    const data = results[i]?.data;
    if (data) byCollection[c] = data;
  });
  return { byCollection, isLoading: results.some((r) => r.isLoading) };
}
