'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { authKeys } from './keys';

interface PermissionRow {
  id: number | null;
  policy: string;
  collection: string;
}

/**
 * Whether the caller is an administrator. GET /api/permissions/me answers an administrator
 * with synthetic full-access rows (no id, no policy) for every collection, which no stored
 * permission can look like. Only hides controls: the server refuses non-admin schema writes.
 */
export function isAdministrator(rows: readonly PermissionRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.id === null && r.policy === '');
}

export function useAdminAccess() {
  return useQuery({
    queryKey: [...authKeys.all, 'admin-access'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ data: PermissionRow[] }>('/api/permissions/me', { signal }).then((b) =>
        isAdministrator(b.data),
      ),
    staleTime: 60_000,
  });
}
