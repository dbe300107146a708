'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** POST /api/users/invite/accept, from the page the mail links to (signed out). */
export function useInviteAcceptMutation() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiFetch<void>('/api/users/invite/accept', { method: 'POST', body: input, scope: '' }),
  });
}
