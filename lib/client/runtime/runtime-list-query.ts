'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsQueryString } from '../access/query-string';
import type { ListResponse } from '../access/types';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { RuntimeListParams, RuntimeResource } from './types';

/** One page of a runtime collection, searched, filtered and counted by the server. */
export function useRuntimeListQuery<T>(
  resource: RuntimeResource,
  params: RuntimeListParams,
  fields: string[],
) {
  return useQuery({
    queryKey: runtimeKeys.list(resource, params),
    queryFn: ({ signal }) => {
      const filter = Object.fromEntries(
        Object.entries(params.filter)
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(([field, value]) => [field, { _eq: value }]),
      );
      const query = itemsQueryString({
        fields,
        filter,
        search: params.search,
        sort: ['name'],
        limit: params.limit,
        page: params.page,
        meta: 'filter_count',
      });
      return apiFetch<ListResponse<T>>(`/api/${resource}${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
