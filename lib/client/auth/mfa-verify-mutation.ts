'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { authKeys } from './keys';

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
