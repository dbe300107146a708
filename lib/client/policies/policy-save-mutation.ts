'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PolicyRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { permissionKeys } from '../permissions/keys';
import { policiesKeys } from './keys';
import { PolicyInput } from './policy-mutations';

export function usePolicySaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PolicyInput }) =>
      apiFetch<{ data: PolicyRow }>(id ? `/api/policies/${id}` : '/api/policies', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then((body) => body.data),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: policiesKeys.all });
      // Flags such as app or admin access change what the signed-in user may do.
      void client.invalidateQueries({ queryKey: permissionKeys.root });
    },
  });
}
