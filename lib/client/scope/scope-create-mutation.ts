'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
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
