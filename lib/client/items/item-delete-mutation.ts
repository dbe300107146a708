'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { itemKeys } from './keys';
import type { ItemKey } from './types';

export function useItemDeleteMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ItemKey) =>
      apiFetch<void>(
        `/api/items/${encodeURIComponent(collection)}/${encodeURIComponent(String(key))}`,
        {
          method: 'DELETE',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
  });
}
