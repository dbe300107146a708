/** The scope tree itself is the same from every scope (an administrator's list). */
export const scopeKeys = {
  all: ['scopes'] as const,
  list: () => [...scopeKeys.all, 'list'] as const,
  /** The caller's own scopes: the same from every scope too. */
  mine: () => [...scopeKeys.all, 'mine'] as const,
};
