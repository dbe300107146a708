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
