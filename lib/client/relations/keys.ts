import { scopeKey } from '../scope-key';

/** Query keys for relations; schema writes invalidate `relationKeys.root` (every scope). */
export const relationKeys = {
  root: ['relations'] as const,
  all: (scope?: string | null) => [...relationKeys.root, scopeKey(scope)] as const,
  list: (scope?: string | null) => [...relationKeys.all(scope), 'list'] as const,
};
