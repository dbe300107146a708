'use client';

import { useQuery } from '@tanstack/react-query';
import type { ListResponse, RoleRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { rolesKeys } from './keys';

/** Every role: the tree is drawn whole (roles are few; a project with thousands is odd). */
export function useRolesQuery() {
  const scope = useActiveScope();
  return useQuery({
    queryKey: rolesKeys.list(scope),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<RoleRow>>('/api/roles?limit=-1&sort=name', { signal }).then(
        (body) => body.data,
      ),
  });
}
