'use client';

import { useQuery } from '@tanstack/react-query';
import type { UserRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { usersKeys } from './keys';
import { USER_LIST_FIELDS } from './users-query';

export function useUserQuery(id: string | null) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: usersKeys.detail(scope, id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ data: UserRow }>(`/api/users/${id}?fields=${USER_LIST_FIELDS.join(',')}`, {
        signal,
      }).then((body) => body.data),
    enabled: Boolean(id),
  });
}
