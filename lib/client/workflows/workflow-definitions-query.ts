'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { WorkflowDefinition } from './types';

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
