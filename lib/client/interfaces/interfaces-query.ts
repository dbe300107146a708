'use client';

import { useQuery } from '@tanstack/react-query';
import type { GroupedInterfaces } from '../collections/schema-types';
import { apiFetch } from '../fetcher';
import { interfaceKeys } from './keys';

/** The interface catalogue is static per server version: fetched once per session. */
export function useGroupedInterfacesQuery() {
  return useQuery({
    queryKey: interfaceKeys.grouped(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: GroupedInterfaces }>('/api/interfaces?grouped=true', { signal }).then(
        (b) => b.data,
      ),
    staleTime: Infinity,
  });
}
