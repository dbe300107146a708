'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScopeItem } from '../access/types';
import { apiFetch } from '../fetcher';
import { scopeKeys } from './keys';

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
