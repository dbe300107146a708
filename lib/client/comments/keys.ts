import { scopeKey, type ScopeKey } from '../scope-key';

/** Query keys for an item's comments; a change invalidates the item's key in every scope. */
export const commentKeys = {
  all: ['comments'] as const,
  item: (collection: string, item: string) => [...commentKeys.all, collection, item] as const,
  page: (collection: string, item: string, page: number, scope?: ScopeKey) =>
    [...commentKeys.item(collection, item), scopeKey(scope), page] as const,
};
