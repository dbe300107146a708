'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { collectionKeys } from './keys';
import type { Collection } from './types';

export async function fetchCollections(signal?: AbortSignal): Promise<Collection[]> {
  const body = await apiFetch<{ data: Collection[] }>('/api/collections', { signal });
  return body.data;
}

/**
 * Every collection the caller may read, system ones included (filter on `system`). The
 * schema is small and changes rarely, so one cached list serves every page.
 */
export function useCollectionsQuery(scope?: string | null) {
  return useQuery({
    queryKey: collectionKeys.list(scope),
    queryFn: ({ signal }) => fetchCollections(signal),
    staleTime: 60_000,
  });
}
