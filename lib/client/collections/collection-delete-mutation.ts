'use client';

import { apiFetch } from '../fetcher';
import { useSchemaMutation, type SchemaNotifier } from './schema-mutation';

export function useCollectionDeleteMutation(notifier?: SchemaNotifier) {
  return useSchemaMutation(
    (collection: string) =>
      apiFetch<void>(`/api/collections/${encodeURIComponent(collection)}`, { method: 'DELETE' }),
    (collection) => ({ key: 'collectionDeleted', name: collection }),
    notifier,
  );
}
