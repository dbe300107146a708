'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { revisionKeys } from '../revisions/keys';
import { itemKeys } from './keys';
import type { Item, ItemKey } from './types';

export interface SaveItemInput {
  /** null creates a new item. */
  key: ItemKey | null;
  /** Only the fields that changed (PATCH semantics), or the whole new item. */
  values: Item;
}

/**
 * Creates or updates one item and refreshes item reads: all collections' lists, since a
 * nested write (a one-to-many or many-to-many on the form) changes rows of other
 * collections whose pages the form shows.
 */
export function useItemSaveMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, values }: SaveItemInput): Promise<Item> => {
      const base = `/api/items/${encodeURIComponent(collection)}`;
      const body = await apiFetch<{ data: Item }>(
        key === null ? base : `${base}/${encodeURIComponent(String(key))}`,
        { method: key === null ? 'POST' : 'PATCH', body: values },
      );
      return body.data;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
      ]);
    },
  });
}
