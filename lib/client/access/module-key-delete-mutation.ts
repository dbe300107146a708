'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useRefresh } from './module-key-mutations';

export function useModuleKeyDeleteMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/module-access-keys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
