'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../auth/keys';
import { apiFetch } from '../fetcher';
import type { Profile, ProfilePatch } from './types';

/** Changes the caller's own name, language or password (`PATCH /api/users/me`). */
export function useProfileUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ProfilePatch) =>
      (await apiFetch<{ data: Profile }>('/api/users/me', { method: 'PATCH', body: patch })).data,
    onSuccess: (profile) => queryClient.setQueryData(authKeys.me(), profile),
  });
}
