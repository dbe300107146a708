'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';

export function useWorkflowDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/workflows/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.root }),
  });
}
