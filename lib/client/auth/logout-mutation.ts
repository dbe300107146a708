'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** Ends the cookie session; every cached query belonged to that user, so all are dropped. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/logout', { method: 'POST', body: {} }),
    onSettled: () => queryClient.clear(),
  });
}
