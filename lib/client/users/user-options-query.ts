'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsQueryString } from '../access/query-string';
import type { ListResponse, UserRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { usersKeys } from './keys';
import { USER_LIST_FIELDS } from './users-query';

/** A short list of users matching a search, for pickers (explain view, grants). */
export function useUserOptionsQuery(search: string) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: usersKeys.options(scope, search),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<UserRow>>(
        `/api/users${itemsQueryString({ fields: USER_LIST_FIELDS, search, sort: ['email'], limit: 20 })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
