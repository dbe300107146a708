'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../fetcher';
import { serverKeys } from './keys';
import type { ServerHealth } from './types';

/**
 * The health report. An unhealthy instance answers 503 with the same body, which the
 * fetcher turns into an error: that case is reported as status "error", not as a failure.
 */
export function useServerHealthQuery() {
  return useQuery({
    queryKey: serverKeys.health(),
    queryFn: async ({ signal }): Promise<ServerHealth> => {
      try {
        return await apiFetch<ServerHealth>('/api/server/health', { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 503) return { status: 'error' };
        throw err;
      }
    },
    refetchInterval: 30_000,
  });
}
