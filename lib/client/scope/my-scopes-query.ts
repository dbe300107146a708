'use client';

import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../fetcher';
import { scopeKeys } from './keys';

/** A scope the caller holds grants in, from `GET /api/scope/me`. */
export interface HeldScope {
  id: string;
  uri: string;
  name: string | null;
  /** Whether the studio opens there. */
  app_access: boolean;
}

export interface MyScopes {
  scopes: HeldScope[];
  /** What the caller holds at the root scope, the only place administrators are made. */
  root: { policies: boolean; app_access: boolean; admin: boolean };
}

/**
 * The scopes the signed-in user holds grants in (every user may ask for their own). Asked
 * at the root scope, so a stale active scope can neither refuse nor change the answer.
 */
export function useMyScopesQuery(enabled = true) {
  return useQuery({
    queryKey: scopeKeys.mine(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: HeldScope[]; meta: { root: MyScopes['root'] } }>('/api/scope/me', {
        signal,
        scope: '',
      }).then((body): MyScopes => ({ scopes: body.data, root: body.meta.root })),
    enabled,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    staleTime: 60_000,
  });
}

/** Where a user without studio access at the root starts: the first scope that opens it. */
export function landingScope(mine: MyScopes): string | null {
  return mine.scopes.find((s) => s.app_access)?.uri ?? null;
}
