'use client';

import { apiFetch } from '../fetcher';
import { useSchemaMutation, type NoticeKey, type SchemaNotifier } from './schema-mutation';
import type { Collection, CollectionIndex } from './schema-types';

export interface CollectionUpdate {
  collection: string;
  meta: Partial<Omit<Collection['meta'] & object, 'indexes' | 'collection'>> & {
    indexes?: CollectionIndex[];
  };
  /** Which toast to show: settings and indexes are saved from different places. */
  toast?: Extract<NoticeKey, 'collectionUpdated' | 'indexesSaved'>;
}

export function useCollectionUpdateMutation(notifier?: SchemaNotifier) {
  return useSchemaMutation(
    ({ collection, meta }: CollectionUpdate) =>
      apiFetch<{ data: Collection }>(`/api/collections/${encodeURIComponent(collection)}`, {
        method: 'PATCH',
        body: { meta },
      }).then((b) => b.data),
    (vars) => ({ key: vars.toast ?? 'collectionUpdated', name: vars.collection }),
    notifier,
  );
}
