/** The scope tree itself is the same from every scope (an administrator's list). */
export const scopeKeys = {
  all: ['scopes'] as const,
  list: () => [...scopeKeys.all, 'list'] as const,
};
