/** Query keys for revisions; saving or reverting an item invalidates `revisionKeys.item`. */
export const revisionKeys = {
  all: ['revisions'] as const,
  item: (collection: string, item: string) => [...revisionKeys.all, collection, item] as const,
  page: (collection: string, item: string, page: number) =>
    [...revisionKeys.item(collection, item), page] as const,
};
