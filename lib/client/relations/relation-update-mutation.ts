'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import type { ReferentialAction, Relation } from '../collections/schema-types';
import { apiFetch } from '../fetcher';

export function useRelationUpdateMutation() {
  return useSchemaMutation(
    (vars: { collection: string; field: string; onDelete: ReferentialAction }) =>
      apiFetch<{ data: Relation }>(
        `/api/relations/${encodeURIComponent(vars.collection)}/${encodeURIComponent(vars.field)}`,
        { method: 'PATCH', body: { schema: { on_delete: vars.onDelete } } },
      ).then((b) => b.data),
  );
}
