import { scopeKey } from '../scope-key';

/** Query keys for fields; schema writes invalidate `fieldKeys.root` (every scope). */
export const fieldKeys = {
  root: ['fields'] as const,
  all: (scope?: string | null) => [...fieldKeys.root, scopeKey(scope)] as const,
  list: (collection: string, scope?: string | null) =>
    [...fieldKeys.all(scope), 'list', collection] as const,
};
