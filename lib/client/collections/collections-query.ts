'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { collectionKeys } from './keys';
import type { Collection } from './schema-types';

export function useCollections() {
  return useQuery({
    queryKey: collectionKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Collection[] }>('/api/collections', { signal }).then((b) => b.data),
  });
}
