import { scopeKey } from '../scope-key';

/** Query keys for content versions: per item, and each version's comparison. */
export const versionKeys = {
  root: ['versions'] as const,
  all: (scope?: string | null) => [...versionKeys.root, scopeKey(scope)] as const,
  item: (collection: string, item: string, scope?: string | null) =>
    [...versionKeys.all(scope), 'item', collection, item] as const,
  compare: (id: string, scope?: string | null) =>
    [...versionKeys.all(scope), 'compare', id] as const,
};
