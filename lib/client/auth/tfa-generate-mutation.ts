'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { TfaSecret } from './mfa-mutations';

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
