'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** POST /api/workflow/transition; the item and its workflow state change. */
export function useWorkflowTransitionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { collection: string; item: string; command: string; comment?: string }) =>
      apiFetch<{ data: { state: string } }>('/api/workflow/transition', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
