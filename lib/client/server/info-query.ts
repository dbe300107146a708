'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { serverKeys } from './keys';
import type { ServerInfo } from './types';

export function useServerInfoQuery() {
  return useQuery({
    queryKey: serverKeys.info(),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: ServerInfo }>('/api/server/info', { signal })).data,
    staleTime: 60_000,
  });
}
