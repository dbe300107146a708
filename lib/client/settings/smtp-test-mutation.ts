'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/**
 * Checks the saved SMTP settings; with `to`, also sends one message there. A failure is an
 * ApiError whose message is the server's own explanation (which setting to look at).
 */
export function useSmtpTestMutation() {
  return useMutation({
    mutationFn: (to: string | undefined) =>
      apiFetch<{ data: { success: true } }>('/api/settings/smtp/test', {
        method: 'POST',
        body: to ? { to } : {},
      }),
  });
}
