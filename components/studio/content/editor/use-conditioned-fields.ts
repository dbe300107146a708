'use client';

import { useMemo } from 'react';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { applyConditions } from '@/lib/client/fields/conditions';
import type { FilterVariables } from '@/lib/client/items/match-filter';
import type { Item } from '@/lib/client/items/types';
import type { EditorField } from './use-editor-schema';

/**
 * The form's fields as the item's current values make them: each field's conditions
 * applied (hidden, read-only, required, options) and hidden fields left out. Evaluated on
 * every change; `$CURRENT_USER` and `$CURRENT_ROLE` stand for the signed-in user.
 */
export function useConditionedFields(fields: EditorField[], values: Item) {
  const me = useMeQuery().data;
  const vars = useMemo<FilterVariables>(
    () => ({ user: me ? { ...me } : null, roles: me?.role ? [me.role] : [] }),
    [me],
  );
  const shown = useMemo(
    () =>
      fields.flatMap((ef) => {
        const field = applyConditions(ef.field, values, vars);
        if (field.meta?.hidden) return [];
        return [field === ef.field ? ef : { ...ef, field }];
      }),
    [fields, values, vars],
  );
  return { shown, vars };
}
