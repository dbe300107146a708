'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { permissionKeys } from './keys';
import type { MyPermissions } from './types';

export async function fetchPermissionsMe(signal?: AbortSignal): Promise<MyPermissions> {
  // The endpoint answers more than `{data}` (moduleAccess, meta): keep the whole body.
  return apiFetch<MyPermissions>('/api/permissions/me', { signal });
}

/**
 * The caller's effective permissions at a scope, cached per scope. Read them with `can`,
 * `allowedFields` and friends from `./can`.
 */
export function usePermissionsMeQuery(scope?: string | null) {
  return useQuery({
    queryKey: permissionKeys.me(scope),
    queryFn: ({ signal }) => fetchPermissionsMe(signal),
    staleTime: 60_000,
  });
}
