/** Query keys for saved views; mutations invalidate `presetKeys.collection(c)`. */
export const presetKeys = {
  all: ['presets'] as const,
  collection: (collection: string) => [...presetKeys.all, collection] as const,
  bookmarks: (collection: string) => [...presetKeys.collection(collection), 'bookmarks'] as const,
  /** The views set for a role or for everyone (no user, no bookmark name). */
  defaults: (collection: string) => [...presetKeys.collection(collection), 'defaults'] as const,
  /** Kept apart from `collection(c)`: saving a bookmark doesn't reset the open view. */
  userView: (collection: string, user: string) =>
    [...presetKeys.all, 'user-view', collection, user] as const,
};
