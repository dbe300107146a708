'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { accessKeys } from './keys';
import { itemsQueryString } from './query-string';
import type { AccessRow, ListResponse } from './types';

export type GrantHolder = { policy?: string; user?: string; role?: string };

/** The grants (`daas_access` rows) naming a policy, a user or a role, at every scope. */
export function useGrantsQuery(holder: GrantHolder, enabled = true) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: accessKeys.grantsOf(scope, holder),
    queryFn: ({ signal }) => {
      const filter = Object.fromEntries(
        Object.entries(holder).map(([field, id]) => [field, { _eq: id }]),
      );
      const query = itemsQueryString({ filter, limit: -1, sort: ['sort', 'id'] });
      return apiFetch<ListResponse<AccessRow>>(`/api/access${query}`, { signal }).then(
        (body) => body.data,
      );
    },
    enabled,
  });
}
