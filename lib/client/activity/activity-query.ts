'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { filterParams } from './filter-params';
import { activityKeys } from './keys';
import type { ActivityEntry, ActivityFilters, ActivityPage } from './types';

interface ListBody {
  data: ActivityEntry[];
  meta?: { filter_count?: number };
}

/** One page of the activity log, newest first, filtered and counted by the server. */
export function useActivityQuery(
  scope: string | null,
  filters: ActivityFilters,
  page: number,
  limit = 25,
) {
  return useQuery({
    queryKey: activityKeys.list(scope, filters, page, limit),
    queryFn: async ({ signal }): Promise<ActivityPage> => {
      const params = filterParams(filters);
      params.set('sort', '-timestamp,-id');
      params.set('limit', String(limit));
      params.set('page', String(page));
      params.set('meta', 'filter_count');
      const body = await apiFetch<ListBody>(`/api/activity?${params}`, { signal });
      return { entries: body.data, total: body.meta?.filter_count ?? body.data.length };
    },
    placeholderData: keepPreviousData,
  });
}
