import type { ItemKey, ItemsQuery } from './types';

/** Query keys for items; invalidate through these, never by literal arrays. */
export const itemKeys = {
  all: ['items'] as const,
  collection: (collection: string) => [...itemKeys.all, collection] as const,
  lists: (collection: string) => [...itemKeys.collection(collection), 'list'] as const,
  list: (collection: string, query: Partial<ItemsQuery>) =>
    [...itemKeys.lists(collection), query] as const,
  details: (collection: string) => [...itemKeys.collection(collection), 'item'] as const,
  detail: (collection: string, key: ItemKey, fields: readonly string[]) =>
    [...itemKeys.details(collection), String(key), fields] as const,
};
