'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import { apiFetch } from '../fetcher';
import { scopeKeys } from './keys';

/** Deleting a scope removes its descendants and the grants made at them. */
export function useScopeDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/scope/${id}`, { method: 'DELETE', scope: '' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: scopeKeys.all });
      void client.invalidateQueries({ queryKey: accessKeys.all });
    },
  });
}
