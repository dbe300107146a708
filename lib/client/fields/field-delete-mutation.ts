'use client';

import { useSchemaMutation, type SchemaNotifier } from '../collections/schema-mutation';
import { apiFetch } from '../fetcher';

export function useFieldDeleteMutation(notifier?: SchemaNotifier) {
  return useSchemaMutation(
    ({ collection, field }: { collection: string; field: string }) =>
      apiFetch<void>(`/api/fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`, {
        method: 'DELETE',
      }),
    (vars) => ({ key: 'fieldDeleted', name: vars.field }),
    notifier,
  );
}
