'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

export function usePasswordResetMutation() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiFetch<void>('/api/auth/password/reset', { method: 'POST', body: input }),
  });
}
