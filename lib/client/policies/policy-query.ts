'use client';

import { useQuery } from '@tanstack/react-query';
import type { PolicyRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { policiesKeys } from './keys';

export function usePolicyQuery(id: string) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: policiesKeys.detail(scope, id),
    queryFn: ({ signal }) =>
      apiFetch<{ data: PolicyRow }>(`/api/policies/${id}`, { signal }).then((body) => body.data),
  });
}
