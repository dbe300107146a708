'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { policiesKeys } from './keys';

export function usePolicyDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/policies/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: policiesKeys.all }),
  });
}
