'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsQueryString } from '../access/query-string';
import type { ListResponse, UserRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { usersKeys, type UsersListParams } from './keys';

export const USER_LIST_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'status',
  'role',
  'last_access',
];

/** One page of users, searched and filtered by the server; meta carries the filtered count. */
export function useUsersQuery(params: UsersListParams) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: usersKeys.list(scope, params),
    queryFn: ({ signal }) => {
      const filter: Record<string, unknown> = {};
      if (params.status) filter.status = { _eq: params.status };
      if (params.role) filter.role = { _eq: params.role };
      const query = itemsQueryString({
        fields: USER_LIST_FIELDS,
        filter,
        search: params.search,
        sort: ['email'],
        limit: params.limit,
        page: params.page,
        meta: 'filter_count',
      });
      return apiFetch<ListResponse<UserRow>>(`/api/users${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
