import { scopeKey } from '../scope-key';

/**
 * Query keys for collections. `root` spans every scope: schema writes change what every
 * scope sees, so mutations invalidate `collectionKeys.root`.
 */
export const collectionKeys = {
  root: ['collections'] as const,
  all: (scope?: string | null) => [...collectionKeys.root, scopeKey(scope)] as const,
  list: (scope?: string | null) => [...collectionKeys.all(scope), 'list'] as const,
  detail: (name: string, scope?: string | null) =>
    [...collectionKeys.all(scope), 'detail', name] as const,
};
