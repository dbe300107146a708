'use client';

import { useQuery } from '@tanstack/react-query';
import type { Relation } from '../collections/schema-types';
import { apiFetch } from '../fetcher';
import { relationKeys } from './keys';

export function useRelations() {
  return useQuery({
    queryKey: relationKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Relation[] }>('/api/relations', { signal }).then((b) => b.data),
  });
}
