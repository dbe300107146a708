'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { itemKeys } from '../items/keys';
import { revisionKeys } from './keys';

/**
 * Puts an item back as a revision recorded it: the revision's data, minus what the caller
 * leaves out (the primary key, fields that no longer exist), written as a normal update so
 * it is itself checked, logged and revisioned.
 */
export function useRevisionRevertMutation(collection: string, item: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      apiFetch<unknown>(
        `/api/items/${encodeURIComponent(collection)}/${encodeURIComponent(item)}`,
        {
          method: 'PATCH',
          body: values,
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
        queryClient.invalidateQueries({ queryKey: revisionKeys.item(collection, item) }),
      ]),
  });
}
