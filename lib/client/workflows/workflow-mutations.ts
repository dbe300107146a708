'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { WorkflowAssignment, WorkflowDefinition } from './types';

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

export function useWorkflowDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/workflows/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.root }),
  });
}

export function useAssignmentCreateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<WorkflowAssignment, 'id'>) =>
      (
        await apiFetch<{ data: WorkflowAssignment }>('/api/workflow-assignments', {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.root }),
  });
}

export function useAssignmentDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/workflow-assignments/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.root }),
  });
}

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
