'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import { apiFetch } from '../fetcher';

export function useFieldDeleteMutation() {
  return useSchemaMutation(({ collection, field }: { collection: string; field: string }) =>
    apiFetch<void>(`/api/fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`, {
      method: 'DELETE',
    }),
  );
}
