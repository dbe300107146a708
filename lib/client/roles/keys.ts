export const rolesKeys = {
  all: ['roles'] as const,
  list: (scope: string | null) => [...rolesKeys.all, scope, 'list'] as const,
};
