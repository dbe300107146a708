'use client';

import { useQuery } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import type { ListResponse, PermissionRule } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';

/** Every permission rule of one policy (at most collections × 5 rows). */
export function usePolicyRulesQuery(policy: string) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: accessKeys.rulesOf(scope, policy),
    queryFn: ({ signal }) => {
      const filter = encodeURIComponent(JSON.stringify({ policy: { _eq: policy } }));
      return apiFetch<ListResponse<PermissionRule>>(
        `/api/permissions?filter=${filter}&limit=-1&sort=collection`,
        { signal },
      ).then((body) => body.data);
    },
  });
}
