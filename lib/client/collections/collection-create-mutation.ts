'use client';

import { apiFetch } from '../fetcher';
import { collectionCreateBody, type CollectionDraft } from './collection-payload';
import { useSchemaMutation, type SchemaNotifier } from './schema-mutation';
import type { Collection } from './schema-types';

export function useCollectionCreateMutation(notifier?: SchemaNotifier) {
  return useSchemaMutation(
    (draft: CollectionDraft) =>
      apiFetch<{ data: Collection }>('/api/collections', {
        method: 'POST',
        body: collectionCreateBody(draft),
      }).then((b) => b.data),
    (draft) => ({ key: 'collectionCreated', name: draft.name }),
    notifier,
  );
}
