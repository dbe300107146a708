'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { RuntimeResource } from './types';
import { touched } from './runtime-mutations';

export function useRuntimeDeleteMutation(resource: RuntimeResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/${resource}/${id}`, { method: 'DELETE' }),
    // The deleted row's own page is left as it is (it is being left), not refetched into a 404.
    onSuccess: (_, id) => {
      const gone = runtimeKeys.detail(resource, id);
      return client.invalidateQueries({
        queryKey: touched(resource),
        predicate: (q) => !gone.every((part, i) => q.queryKey[i] === part),
      });
    },
  });
}
