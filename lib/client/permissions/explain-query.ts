'use client';

import { useQuery } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import type { PermissionRule } from '../access/types';
import { apiFetch } from '../fetcher';

export interface ExplainedRule extends Omit<PermissionRule, 'id'> {
  id: number | null;
  debug?: {
    policy: { id: string; name: string | null } | null;
    access: { id: string; role: string | null; user: string | null; scope: string | null }[];
  };
}

export interface ExplainAnswer {
  data: ExplainedRule[];
  moduleAccess: Record<string, boolean>;
  meta: { resource_uri: string | null; user?: { id: string; admin: boolean } };
}

/**
 * Another user's effective permissions at a scope, with the policies each rule came from
 * (administrators only). `at` is the scope URI, '' for the root scope; `ip` the address to
 * judge IP allow-lists by (empty: IP-limited policies don't count).
 */
export function useExplainQuery(user: string | null, at: string, ip = '') {
  return useQuery({
    queryKey: accessKeys.explain(user ?? '', at, ip),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ debug: 'true', user: user ?? '' });
      if (ip) params.set('ip', ip);
      return apiFetch<ExplainAnswer>(`/api/permissions/me?${params}`, { signal, scope: at });
    },
    enabled: Boolean(user),
  });
}
