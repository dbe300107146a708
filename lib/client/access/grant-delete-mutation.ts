'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useRefresh } from './grant-mutations';

export function useGrantDeleteMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/access/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
