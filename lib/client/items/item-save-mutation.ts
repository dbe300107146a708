'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
    mutationFn: (input: SaveItemInput) => saveItem(collection, input),
    onSuccess: () => afterItemSave(queryClient),
  });
}

/** POST (new) or PATCH (existing) of one item; the saved item. */
export async function saveItem(collection: string, { key, values }: SaveItemInput): Promise<Item> {
  const base = `/api/items/${encodeURIComponent(collection)}`;
  const body = await apiFetch<{ data: Item }>(
    key === null ? base : `${base}/${encodeURIComponent(String(key))}`,
    { method: key === null ? 'POST' : 'PATCH', body: values },
  );
  return body.data;
}

export async function afterItemSave(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
  ]);
}
