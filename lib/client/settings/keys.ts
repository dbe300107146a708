/** Settings are one row for the whole instance: no scope or locale in the keys. */
export const settingsKeys = {
  all: ['settings'] as const,
  detail: () => [...settingsKeys.all, 'detail'] as const,
};
