'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** Asks for a reset mail; the API answers 204 whether or not the address has an account. */
export function usePasswordRequestMutation() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiFetch<void>('/api/auth/password/request', { method: 'POST', body: input }),
  });
}
