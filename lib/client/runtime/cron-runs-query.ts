'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { CronRun } from './types';

/** The latest runs of a cron job, newest first. */
export function useCronRunsQuery(id: string) {
  return useQuery({
    queryKey: runtimeKeys.runs(id),
    queryFn: ({ signal }) =>
      apiFetch<{ data: CronRun[] }>(`/api/cron/${id}/runs`, { signal }).then((b) => b.data),
  });
}
