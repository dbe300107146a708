'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { WorkflowAssignment } from './types';

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
