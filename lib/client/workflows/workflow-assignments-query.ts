'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { WorkflowAssignment } from './types';

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
