'use client';

import { useQuery } from '@tanstack/react-query';
import type { Field } from '../collections/schema-types';
import { apiFetch } from '../fetcher';
import { fieldKeys } from './keys';

/** Every field of every readable collection in one request (the schema diagram needs them all). */
export function useAllFieldsQuery() {
  return useQuery({
    queryKey: [...fieldKeys.all(), 'every-collection'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ data: Field[] }>('/api/fields', { signal }).then((b) => b.data),
  });
}
