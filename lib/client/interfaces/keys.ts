export const interfaceKeys = {
  all: ['interfaces'] as const,
  grouped: () => [...interfaceKeys.all, 'grouped'] as const,
};
