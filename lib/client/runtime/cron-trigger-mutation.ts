'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { CronOutcome } from './types';

/** `POST /api/cron/:id/trigger`: runs the job now; its last run and history change. */
export function useCronTriggerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ data: CronOutcome }>(`/api/cron/${id}/trigger`, { method: 'POST' }).then(
        (b) => b.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: runtimeKeys.resource('cron') }),
  });
}
