'use client';

import { useQueryClient } from '@tanstack/react-query';
import { commentKeys } from './keys';

/** Refreshes one item's comment pages after a change to any of them. */
export function useCommentsRefresh(collection: string, item: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commentKeys.item(collection, item) });
}
