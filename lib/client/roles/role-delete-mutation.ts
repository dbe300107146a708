'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { usersKeys } from '../users/keys';
import { rolesKeys } from './keys';

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
