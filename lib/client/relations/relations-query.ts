'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { relationKeys } from './keys';
import type { Relation } from './types';

export async function fetchRelations(signal?: AbortSignal): Promise<Relation[]> {
  const body = await apiFetch<{ data: Relation[] }>('/api/relations', { signal });
  return body.data;
}

/** Every relation between collections the caller may read (one list for the whole schema). */
export function useRelationsQuery(scope?: string | null) {
  return useQuery({
    queryKey: relationKeys.list(scope),
    queryFn: ({ signal }) => fetchRelations(signal),
    staleTime: 60_000,
  });
}
