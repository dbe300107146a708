/**
 * Query keys for grants (`/api/access`), permission rules, the explain view and module access
 * keys. Permission rules live here rather than beside the shared permissions-me hook.
 */
export const accessKeys = {
  all: ['access'] as const,
  grants: (scope: string | null) => [...accessKeys.all, scope, 'grants'] as const,
  grantsOf: (scope: string | null, holder: { policy?: string; user?: string; role?: string }) =>
    [...accessKeys.grants(scope), holder] as const,
  rules: (scope: string | null) => [...accessKeys.all, scope, 'rules'] as const,
  rulesOf: (scope: string | null, policy: string) => [...accessKeys.rules(scope), policy] as const,
  explain: (user: string, at: string, ip: string) =>
    [...accessKeys.all, 'explain', user, at, ip] as const,
  moduleKeys: () => [...accessKeys.all, 'module-keys'] as const,
};
