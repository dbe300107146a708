'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useRefresh } from './rule-mutations';

export function useRuleDeleteMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch<void>('/api/permissions', { method: 'DELETE', body: ids }),
    onSuccess: refresh,
  });
}
