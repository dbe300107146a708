export const collectionKeys = {
  all: ['collections'] as const,
  list: () => [...collectionKeys.all, 'list'] as const,
  detail: (name: string) => [...collectionKeys.all, 'detail', name] as const,
};
