'use client';

import { useSchemaMutation } from '../collections/schema-mutation';
import type { Field } from '../collections/schema-types';
import { sortChanges } from './field-order';
import { patchField } from './field-update-mutation';

/**
 * Persists a new field order. There is no batch endpoint for fields, so only the fields
 * whose position changed are patched, one after another.
 */
export function useFieldSortMutation() {
  return useSchemaMutation(
    async ({ collection, order }: { collection: string; order: Field[] }) => {
      for (const change of sortChanges(order)) {
        await patchField({
          collection,
          field: change.field,
          body: { meta: { sort: change.sort } },
        });
      }
    },
  );
}
