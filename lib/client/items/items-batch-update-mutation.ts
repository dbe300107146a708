'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { itemKeys } from './keys';
import { keysFilter } from './query-string';
import type { Item, ItemKey } from './types';

export interface Batch {
  primaryKey: string;
  keys: ItemKey[];
}

export function batchUrl(collection: string, { primaryKey, keys }: Batch): string {
  const filter = JSON.stringify(keysFilter(primaryKey, keys));
  return `/api/items/${encodeURIComponent(collection)}?filter=${encodeURIComponent(filter)}`;
}

/** The batch endpoints select rows by a filter: the selected keys become `{pk: {_in: keys}}`. */
export function useItemsBatchUpdateMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Batch & { values: Item }) =>
      apiFetch<{ data: { updated: number } }>(batchUrl(collection, input), {
        method: 'PATCH',
        body: input.values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
  });
}
