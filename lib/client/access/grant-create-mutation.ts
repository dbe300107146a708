'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import type { AccessRow } from './types';
import { GrantInput, useRefresh } from './grant-mutations';

export function useGrantCreateMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: GrantInput) =>
      apiFetch<{ data: AccessRow }>('/api/access', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}
