'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { rolesKeys } from './keys';
import { RoleInput } from './role-mutations';

/** Creates a role, or updates one when an id is given. */
export function useRoleSaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RoleInput }) =>
      apiFetch<{ data: RoleRow }>(id ? `/api/roles/${id}` : '/api/roles', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
