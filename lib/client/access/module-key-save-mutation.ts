'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import type { ModuleKeyNode } from './types';
import { ModuleKeyInput, useRefresh } from './module-key-mutations';

export function useModuleKeySaveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ModuleKeyInput }) =>
      apiFetch<{ data: ModuleKeyNode }>(
        id ? `/api/module-access-keys/${id}` : '/api/module-access-keys',
        { method: id ? 'PATCH' : 'POST', body: input },
      ),
    onSuccess: refresh,
  });
}
