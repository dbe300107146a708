'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { authKeys } from './keys';
import type { LoginInput, SessionLogin } from './types';

/** Signs in with `mode: 'session'`, so the browser keeps the httpOnly session cookie. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const body = await apiFetch<{ data: SessionLogin }>('/api/auth/login', {
        method: 'POST',
        body: { ...input, mode: 'session' },
      });
      return body.data;
    },
    // Drop, not just invalidate: a cached 401 from before sign-in would bounce the studio back here.
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
