'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsQueryString } from '../access/query-string';
import type { ListResponse } from '../access/types';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type {
  CronRun,
  Extension,
  ExtensionType,
  RuntimeListParams,
  RuntimeResource,
} from './types';

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

/** One extension with its source, for the editor. */
export function useExtensionQuery(id: string | null) {
  return useQuery({
    queryKey: runtimeKeys.detail('extensions', id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Extension }>(`/api/extensions/${id}`, { signal }).then((b) => b.data),
    enabled: id !== null,
  });
}

/** The extensions of one type by name, for pickers (a cron job's operation, a service's code). */
export function useExtensionOptionsQuery(type: ExtensionType) {
  return useQuery({
    queryKey: runtimeKeys.options(type),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<Pick<Extension, 'id' | 'name' | 'enabled'>>>(
        `/api/extensions${itemsQueryString({
          fields: ['id', 'name', 'enabled'],
          filter: { type: { _eq: type } },
          sort: ['name'],
          limit: -1,
        })}`,
        { signal },
      ).then((b) => b.data),
  });
}

/** The latest runs of a cron job, newest first. */
export function useCronRunsQuery(id: string) {
  return useQuery({
    queryKey: runtimeKeys.runs(id),
    queryFn: ({ signal }) =>
      apiFetch<{ data: CronRun[] }>(`/api/cron/${id}/runs`, { signal }).then((b) => b.data),
  });
}
