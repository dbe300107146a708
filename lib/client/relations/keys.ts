export const relationKeys = {
  all: ['relations'] as const,
  list: () => [...relationKeys.all, 'list'] as const,
};
