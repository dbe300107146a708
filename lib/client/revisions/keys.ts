import { scopeKey, type ScopeKey } from '../scope-key';

/**
 * Query keys for revisions; saving or reverting an item invalidates `revisionKeys.item`,
 * which spans every scope. Pages carry the scope: who may read them depends on it.
 */
export const revisionKeys = {
  all: ['revisions'] as const,
  item: (collection: string, item: string) => [...revisionKeys.all, collection, item] as const,
  page: (collection: string, item: string, page: number, scope?: ScopeKey) =>
    [...revisionKeys.item(collection, item), scopeKey(scope), page] as const,
};
