'use client';

import { apiFetch } from '../fetcher';
import { collectionCreateBody, type CollectionDraft } from './collection-payload';
import { useSchemaMutation } from './schema-mutation';
import type { Collection } from './schema-types';

export function useCollectionCreateMutation() {
  return useSchemaMutation((draft: CollectionDraft) =>
    apiFetch<{ data: Collection }>('/api/collections', {
      method: 'POST',
      body: collectionCreateBody(draft),
    }).then((b) => b.data),
  );
}
