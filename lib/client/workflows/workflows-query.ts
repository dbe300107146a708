'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { ItemWorkflow, WorkflowAssignment, WorkflowDefinition } from './types';

export function useWorkflowDefinitionsQuery(scope?: string | null) {
  return useQuery({
    queryKey: workflowKeys.definitions(scope),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: WorkflowDefinition[] }>('/api/workflows?sort=name&limit=-1', {
          signal,
        })
      ).data,
  });
}

export function useWorkflowAssignmentsQuery(scope?: string | null) {
  return useQuery({
    queryKey: workflowKeys.assignments(scope),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: WorkflowAssignment[] }>(
          '/api/workflow-assignments?sort=sort,collection&limit=-1',
          { signal },
        )
      ).data,
  });
}

/** The item's workflows with the commands the caller may run now. */
export function useItemWorkflowQuery(collection: string, item: string, scope?: string | null) {
  return useQuery({
    queryKey: workflowKeys.item(collection, item, scope),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ collection, item });
      return (await apiFetch<{ data: ItemWorkflow[] }>(`/api/workflow/state?${params}`, { signal }))
        .data;
    },
  });
}
