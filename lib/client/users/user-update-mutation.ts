'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { usersKeys } from './keys';

export type UserPatch = Partial<{
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: UserRow['status'];
  role: string | null;
  /** Only null: an administrator clears a lost second factor. */
  tfa_secret: null;
  token: string | null;
}>;

/** PATCH /api/users/:id; every users key is refreshed (list rows, detail, pickers). */
export function useUserUpdateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) =>
      apiFetch<{ data: UserRow }>(`/api/users/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
