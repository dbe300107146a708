import { scopeKey } from '../scope-key';

/**
 * Query keys for the caller's own permissions. The answer depends on the scope (and an
 * explicit root scope `''` differs from none), so the scope is part of every key; access
 * writes invalidate `permissionKeys.root`.
 */
export const permissionKeys = {
  root: ['permissions'] as const,
  all: (scope?: string | null) => [...permissionKeys.root, scopeKey(scope)] as const,
  me: (scope?: string | null) => [...permissionKeys.all(scope), 'me'] as const,
};
