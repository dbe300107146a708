export const serverKeys = {
  all: ['server'] as const,
  info: () => [...serverKeys.all, 'info'] as const,
  health: () => [...serverKeys.all, 'health'] as const,
  /** Counts depend on what the caller may read at the active scope. */
  counts: (scope: string | null) => [...serverKeys.all, 'counts', scope] as const,
};
