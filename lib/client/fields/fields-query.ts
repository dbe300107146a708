'use client';

import { useQuery } from '@tanstack/react-query';
import type { Field } from '../collections/schema-types';
import { apiFetch } from '../fetcher';
import { fieldKeys } from './keys';

/** The fields of one collection; an empty name (nothing chosen yet) fetches nothing. */
export function useFields(collection: string) {
  return useQuery({
    enabled: collection !== '',
    queryKey: fieldKeys.list(collection),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Field[] }>(`/api/fields/${encodeURIComponent(collection)}`, {
        signal,
      }).then((b) => b.data),
  });
}
