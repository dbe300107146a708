'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { usersKeys } from '../users/keys';
import { rolesKeys } from './keys';

export type RoleInput = Pick<RoleRow, 'name' | 'description' | 'parent'> & { icon?: string };

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

export function useRoleDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/roles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rolesKeys.all });
      // Users of a deleted role lose it.
      void client.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
