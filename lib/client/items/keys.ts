import { scopeKey, type ScopeKey } from '../scope-key';
import type { ItemKey, ItemsQuery } from './types';

/**
 * Query keys for items; invalidate through these, never by literal arrays. What a caller may
 * read depends on the scope, so lists and items carry it, after the collection: a write
 * invalidates `collection(c)`, which spans every scope (the rows changed for all of them).
 */
export const itemKeys = {
  all: ['items'] as const,
  collection: (collection: string) => [...itemKeys.all, collection] as const,
  lists: (collection: string) => [...itemKeys.collection(collection), 'list'] as const,
  list: (collection: string, query: Partial<ItemsQuery>, scope?: ScopeKey) =>
    [...itemKeys.lists(collection), scopeKey(scope), query] as const,
  details: (collection: string) => [...itemKeys.collection(collection), 'item'] as const,
  detail: (collection: string, key: ItemKey, fields: readonly string[], scope?: ScopeKey) =>
    [...itemKeys.details(collection), scopeKey(scope), String(key), fields] as const,
};
