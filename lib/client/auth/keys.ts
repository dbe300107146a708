/** Query keys for the signed-in user; invalidate through these, never by literal arrays. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};
