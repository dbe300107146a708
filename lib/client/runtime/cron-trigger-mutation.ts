'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { CronOutcome } from './types';

/** The job ran and failed: the request itself succeeded, the run did not. */
export class CronRunFailedError extends Error {
  constructor(readonly detail: string | null) {
    super(detail ?? 'The job failed');
    this.name = 'CronRunFailedError';
  }
}

/**
 * `POST /api/cron/:id/trigger`: runs the job now; its last run and history change. A run
 * that failed rejects (CronRunFailedError), so callers report it like any failure.
 */
export function useCronTriggerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await apiFetch<{ data: CronOutcome }>(`/api/cron/${id}/trigger`, {
        method: 'POST',
      });
      if (data.status !== 'success') throw new CronRunFailedError(data.error ?? null);
      return data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: runtimeKeys.resource('cron') }),
  });
}
