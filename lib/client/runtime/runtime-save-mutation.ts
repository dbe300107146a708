'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import type { RuntimeResource } from './types';
import { touched } from './runtime-mutations';

/** Creates a row, or updates the one with the given id. */
export function useRuntimeSaveMutation<TInput, TRow>(resource: RuntimeResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TInput }) =>
      apiFetch<{ data: TRow }>(id ? `/api/${resource}/${id}` : `/api/${resource}`, {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then((b) => b.data),
    onSuccess: () => client.invalidateQueries({ queryKey: touched(resource) }),
  });
}
