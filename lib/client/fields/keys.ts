export const fieldKeys = {
  all: ['fields'] as const,
  list: (collection: string) => [...fieldKeys.all, 'list', collection] as const,
};
