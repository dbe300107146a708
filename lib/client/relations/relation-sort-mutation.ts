'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import type { Relation } from '../collections/schema-types';
import { apiFetch } from '../fetcher';

const enc = encodeURIComponent;

/**
 * Sets (or clears) the sort field of a one-to-many or many-to-many: the relation's
 * `meta.sort_field`, on the many side (the related collection, or the junction). With
 * `create`, an integer field of that name is added there first, hidden from forms.
 */
export function useRelationSortMutation() {
  return useSchemaMutation(
    async (vars: {
      collection: string;
      field: string;
      sortField: string | null;
      create: boolean;
    }) => {
      if (vars.create && vars.sortField) {
        await apiFetch(`/api/fields/${enc(vars.collection)}`, {
          method: 'POST',
          body: {
            field: vars.sortField,
            type: 'integer',
            schema: { is_nullable: true },
            meta: { interface: 'input', hidden: true },
          },
        });
      }
      const body = await apiFetch<{ data: Relation }>(
        `/api/relations/${enc(vars.collection)}/${enc(vars.field)}`,
        { method: 'PATCH', body: { meta: { sort_field: vars.sortField } } },
      );
      return body.data;
    },
  );
}
