'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** Empties the server's log buffer (administrators only); the live view is cleared by the caller. */
export function useLogsClearMutation() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/logs', { method: 'DELETE' }),
  });
}
