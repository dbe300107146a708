'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PolicyRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { policiesKeys } from './keys';

export type PolicyInput = Partial<Omit<PolicyRow, 'id' | 'public'>>;

export function usePolicySaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PolicyInput }) =>
      apiFetch<{ data: PolicyRow }>(id ? `/api/policies/${id}` : '/api/policies', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: policiesKeys.all }),
  });
}

export function usePolicyDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/policies/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: policiesKeys.all }),
  });
}
