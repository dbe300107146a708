'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { authKeys } from './keys';

export interface TfaSecret {
  secret: string;
  otpauth_url: string;
}

/** Raises the cookie session to assurance level 2 with a code from the authenticator app. */
export function useMfaVerifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      apiFetch<unknown>('/api/auth/mfa/verify', {
        method: 'POST',
        body: { otp, mode: 'session' },
      }),
    // Cached answers from before (a 401, a profile without the factor) are dropped where
    // nothing shows them, so a page mounting next asks afresh; the ones on screen (the
    // profile card) are fetched again at once, so they show the new state without a reload.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: authKeys.all, type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: authKeys.all, refetchType: 'active' });
    },
  });
}

/** A new secret to enrol, after the password is checked again (nothing is stored yet). */
export function useTfaGenerateMutation() {
  return useMutation({
    mutationFn: async (password: string) => {
      const body = await apiFetch<{ data: TfaSecret }>('/api/users/me/tfa/generate', {
        method: 'POST',
        body: { password },
      });
      return body.data;
    },
  });
}

/**
 * Stores the secret once a first code proves the app has it, then raises the session with
 * the same code, so enrolling also finishes signing in.
 */
export function useTfaEnrolMutation() {
  const verify = useMfaVerifyMutation();
  return useMutation({
    mutationFn: async (input: { secret: string; otp: string }) => {
      await apiFetch<void>('/api/users/me/tfa/enable', { method: 'POST', body: input });
      await verify.mutateAsync(input.otp);
    },
  });
}
