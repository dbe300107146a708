'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { versionKeys } from './keys';
import type { ContentVersion } from './types';

/** POST /api/versions: a new draft of the item. */
export function useVersionCreateMutation(collection: string, item: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { key: string; name: string | null }) =>
      (
        await apiFetch<{ data: ContentVersion }>('/api/versions', {
          method: 'POST',
          body: { ...input, collection, item },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: versionKeys.root }),
  });
}

/** POST /api/versions/:id/save: merges the changed fields into the draft. */
export function useVersionSaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; values: Record<string, unknown> }) =>
      (
        await apiFetch<{ data: Record<string, unknown> }>(`/api/versions/${input.id}/save`, {
          method: 'POST',
          body: input.values,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: versionKeys.root }),
  });
}

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

/** DELETE /api/versions/:id */
export function useVersionDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/versions/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: versionKeys.root }),
  });
}
