'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { profileKeys } from './keys';
import type { MyAccess } from './types';

interface PolicyFlags {
  admin_access: boolean;
  app_access: boolean;
}

/**
 * Whether the caller is an administrator and may use the studio at all, from the policies
 * they hold at the active scope (`GET /api/policies/me`). Display only: the server checks.
 */
export function useMyAccessQuery(scope: string | null, enabled = true) {
  return useQuery({
    queryKey: profileKeys.access(scope),
    queryFn: async ({ signal }): Promise<MyAccess> => {
      const body = await apiFetch<{ data: PolicyFlags[] }>(
        '/api/policies/me?fields=admin_access,app_access&limit=-1',
        { signal },
      );
      const admin = body.data.some((p) => p.admin_access);
      return { admin, app: admin || body.data.some((p) => p.app_access) };
    },
    enabled,
    staleTime: 60_000,
  });
}
