'use client';

import { useSchemaMutation, type SchemaNotifier } from '../collections/schema-mutation';
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
  /** Quiet updates (one flag among many) skip the success toast. */
  quiet?: boolean;
}

export function patchField({ collection, field, body }: FieldUpdate): Promise<Field> {
  return apiFetch<{ data: Field }>(
    `/api/fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`,
    { method: 'PATCH', body },
  ).then((b) => b.data);
}

export function useFieldUpdateMutation(notifier?: SchemaNotifier) {
  return useSchemaMutation(
    patchField,
    (vars) => (vars.quiet ? null : { key: 'fieldUpdated', name: vars.field }),
    notifier,
  );
}
