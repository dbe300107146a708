'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fieldKeys } from './keys';
import type { Field } from './types';

export async function fetchFields(collection: string, signal?: AbortSignal): Promise<Field[]> {
  const body = await apiFetch<{ data: Field[] }>(`/api/fields/${encodeURIComponent(collection)}`, {
    signal,
  });
  return body.data;
}

/**
 * The fields of one collection in the server's order (sort by `meta.sort` to show them as
 * the editor arranged them). Disabled until a collection is given.
 */
export function useFieldsQuery(collection: string | null | undefined, scope?: string | null) {
  return useQuery({
    queryKey: fieldKeys.list(collection ?? '', scope),
    queryFn: ({ signal }) => fetchFields(collection!, signal),
    enabled: Boolean(collection),
    staleTime: 60_000,
  });
}
