'use client';

import { useQuery } from '@tanstack/react-query';
import type { ScopeItem } from '../access/types';
import { ApiError, apiFetch } from '../fetcher';
import { scopeKeys } from './keys';

/**
 * The whole scope tree (administrators only). Asked at the root scope: the list is the same
 * from everywhere, and a stale active scope must not hide the way back.
 */
export function useScopesQuery(enabled = true) {
  return useQuery({
    queryKey: scopeKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: ScopeItem[] }>('/api/scope?limit=1000', { signal, scope: '' }).then(
        (body) => body.data,
      ),
    enabled,
    // A refusal (not an administrator) is final.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    staleTime: 60_000,
  });
}
