'use client';

import { useQuery } from '@tanstack/react-query';
import type { ListResponse, PolicyRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { policiesKeys } from './keys';

export function usePoliciesQuery() {
  const scope = useActiveScope();
  return useQuery({
    queryKey: policiesKeys.list(scope),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<PolicyRow>>('/api/policies?limit=-1&sort=name', { signal }).then(
        (body) => body.data,
      ),
  });
}
