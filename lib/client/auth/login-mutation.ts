'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { tokenAssurance } from './assurance';
import { authKeys } from './keys';
import { fetchMe } from './me-query';
import type { LoginInput, SessionLogin } from './types';

/**
 * What signing in still needs: nothing, a code from the enrolled authenticator app, or
 * enrolling one (MFA is required of this user and none is set up yet).
 */
export type LoginNext = 'done' | 'otp' | 'enrol';

/** Signs in with `mode: 'session'`, so the browser keeps the httpOnly session cookie. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginNext> => {
      const body = await apiFetch<{ data: SessionLogin }>('/api/auth/login', {
        method: 'POST',
        body: { ...input, mode: 'session' },
      });
      if (tokenAssurance(body.data.access_token) === 2) return 'done';
      return (await fetchMe()).has_tfa ? 'otp' : 'enrol';
    },
    // Drop, not just invalidate: a cached 401 from before sign-in would bounce the studio back here.
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.all }),
  });
}
