'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import type { Field } from '../collections/schema-types';
import { apiFetch } from '../fetcher';

export interface FieldCreate {
  collection: string;
  body: {
    field: string;
    type: string;
    schema?: Record<string, unknown> | null;
    meta?: Record<string, unknown> | null;
  };
}

export function useFieldCreateMutation() {
  return useSchemaMutation(({ collection, body }: FieldCreate) =>
    apiFetch<{ data: Field }>(`/api/fields/${encodeURIComponent(collection)}`, {
      method: 'POST',
      body,
    }).then((b) => b.data),
  );
}
