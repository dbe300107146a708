'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { versionKeys } from './keys';

/** POST /api/versions/:id/save: merges the changed fields into the draft. */
export function useVersionSaveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveToVersion,
    onSuccess: () => client.invalidateQueries({ queryKey: versionKeys.root }),
  });
}

export async function saveToVersion(input: {
  id: string;
  values: Record<string, unknown>;
}): Promise<Record<string, unknown>> {
  return (
    await apiFetch<{ data: Record<string, unknown> }>(`/api/versions/${input.id}/save`, {
      method: 'POST',
      body: input.values,
    })
  ).data;
}
