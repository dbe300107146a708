'use client';

import { apiFetch } from '../fetcher';
import { useSchemaMutation } from './schema-mutation';

export function useCollectionDeleteMutation() {
  return useSchemaMutation((collection: string) =>
    apiFetch<void>(`/api/collections/${encodeURIComponent(collection)}`, { method: 'DELETE' }),
  );
}
