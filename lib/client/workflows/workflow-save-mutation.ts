'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { WorkflowDefinition } from './types';

/** Creates a definition, or updates it when it has an id. */
export function useWorkflowSaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<WorkflowDefinition, 'id' | 'description'> & { id?: string }) => {
      const { id, ...body } = input;
      const path = id ? `/api/workflows/${id}` : '/api/workflows';
      return (
        await apiFetch<{ data: WorkflowDefinition }>(path, { method: id ? 'PATCH' : 'POST', body })
      ).data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.root }),
  });
}
