'use client';

import { useQuery } from '@tanstack/react-query';
import { itemsQueryString } from '../access/query-string';
import type { ListResponse } from '../access/types';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { Extension, ExtensionType } from './types';

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
