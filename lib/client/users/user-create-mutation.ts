'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '../access/types';
import { apiFetch } from '../fetcher';
import { usersKeys } from './keys';

export interface UserCreateInput {
  email: string;
  password: string;
  role: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * POST /api/users: an active account that can sign in at once with the given password (no
 * invitation mail). Every users key is refreshed, so the new row shows in the list.
 */
export function useUserCreateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateInput) =>
      apiFetch<{ data: UserRow }>('/api/users', {
        method: 'POST',
        body: { ...input, status: 'active' },
      }).then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
