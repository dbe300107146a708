'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import type { ScopeItem } from '../access/types';
import { apiFetch } from '../fetcher';
import { scopeKeys } from './keys';

export function useScopeCreateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { uri: string; name: string | null }) =>
      apiFetch<{ data: ScopeItem }>('/api/scope', { method: 'POST', body: input, scope: '' }),
    onSuccess: () => client.invalidateQueries({ queryKey: scopeKeys.all }),
  });
}

export function useScopeRenameMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string | null }) =>
      apiFetch<{ data: ScopeItem }>(`/api/scope/${id}`, {
        method: 'PATCH',
        body: { name },
        scope: '',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: scopeKeys.all }),
  });
}

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
