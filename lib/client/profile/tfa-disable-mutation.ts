'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../auth/keys';
import { apiFetch } from '../fetcher';

/** Turns the second factor off with a current code from the authenticator app. */
export function useTfaDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      apiFetch<void>('/api/users/me/tfa/disable', { method: 'POST', body: { otp } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
