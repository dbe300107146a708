'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import type { Field } from '../collections/schema-types';
import { apiFetch } from '../fetcher';

export interface FieldUpdate {
  collection: string;
  field: string;
  body: {
    type?: string;
    schema?: Record<string, unknown> | null;
    meta?: Record<string, unknown> | null;
  };
}

export function patchField({ collection, field, body }: FieldUpdate): Promise<Field> {
  return apiFetch<{ data: Field }>(
    `/api/fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`,
    { method: 'PATCH', body },
  ).then((b) => b.data);
}

export function useFieldUpdateMutation() {
  return useSchemaMutation(patchField);
}
