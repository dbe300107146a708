/** The caller's own access flags; the profile itself lives under authKeys.me(). */
export const profileKeys = {
  all: ['profile'] as const,
  access: (scope: string | null) => [...profileKeys.all, 'access', scope] as const,
};
