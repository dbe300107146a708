'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useMfaVerifyMutation } from './mfa-verify-mutation';

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
