'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { usersKeys } from './keys';

export interface InviteInput {
  email: string;
  role: string;
  invite_url?: string;
}

/** POST /api/users/invite: creates the invited user and mails the link. */
export function useUserInviteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      apiFetch<void>('/api/users/invite', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
