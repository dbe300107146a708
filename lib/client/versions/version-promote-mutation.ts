'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** POST /api/versions/:id/promote: writes the draft to the item (409 when it changed). */
export function useVersionPromoteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; mainHash: string; fields?: string[] }) =>
      apiFetch<{ data: unknown }>(`/api/versions/${input.id}/promote`, {
        method: 'POST',
        body: input.fields
          ? { mainHash: input.mainHash, fields: input.fields }
          : { mainHash: input.mainHash },
      }),
    // The item changed too: every cached read of it is stale.
    onSuccess: () => client.invalidateQueries(),
  });
}
