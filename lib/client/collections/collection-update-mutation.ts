'use client';

import { apiFetch } from '../fetcher';
import { useSchemaMutation } from './schema-mutation';
import type { Collection, CollectionIndex } from './schema-types';

export interface CollectionUpdate {
  collection: string;
  meta: Partial<Omit<Collection['meta'] & object, 'indexes' | 'collection'>> & {
    indexes?: CollectionIndex[];
  };
}

export function useCollectionUpdateMutation() {
  return useSchemaMutation(({ collection, meta }: CollectionUpdate) =>
    apiFetch<{ data: Collection }>(`/api/collections/${encodeURIComponent(collection)}`, {
      method: 'PATCH',
      body: { meta },
    }).then((b) => b.data),
  );
}
