'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { accessKeys } from './keys';
import { itemsQueryString } from './query-string';
import type { ListResponse } from './types';

export interface PolicyHolder {
  id: string;
  role: { id: string; name: string } | null;
  user: {
    id: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
  } | null;
  scope: { id: string; uri: string } | null;
}

/** Who holds a policy and at which scope, with names resolved by the server in one read. */
export function usePolicyHoldersQuery(policy: string) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: [...accessKeys.grantsOf(scope, { policy }), 'expanded'],
    queryFn: ({ signal }) => {
      const query = itemsQueryString({
        fields: [
          'id',
          'role.id',
          'role.name',
          'user.id',
          'user.email',
          'user.first_name',
          'user.last_name',
          'scope.id',
          'scope.uri',
        ],
        filter: { policy: { _eq: policy } },
        limit: -1,
      });
      return apiFetch<ListResponse<PolicyHolder>>(`/api/access${query}`, { signal }).then(
        (body) => body.data,
      );
    },
  });
}
