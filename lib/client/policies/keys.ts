export const policiesKeys = {
  all: ['policies'] as const,
  list: (scope: string | null) => [...policiesKeys.all, scope, 'list'] as const,
  detail: (scope: string | null, id: string) => [...policiesKeys.all, scope, 'detail', id] as const,
};
