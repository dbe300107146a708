'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { workflowKeys } from './keys';
import type { ItemWorkflow } from './types';

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
