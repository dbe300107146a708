'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../fetcher';
import { authKeys } from './keys';

/**
 * Whether the cookie session still owes its second factor. A level-1 session reads the
 * profile but is refused everything else with MFA_REQUIRED, so the studio asks an endpoint
 * every signed-in user may call.
 */
export function useOwesSecondFactorQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...authKeys.all, 'second-factor'],
    queryFn: async ({ signal }) => {
      try {
        await apiFetch<unknown>('/api/permissions/me', { signal });
        return false;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'MFA_REQUIRED') return true;
        throw err;
      }
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
