import { applyConditions, hasConditions } from '@/lib/client/fields/conditions';
import type { FilterVariables } from '@/lib/client/items/match-filter';
import type { Item } from '@/lib/client/items/types';
import { m2oKey } from '../relations/related-model';
import type { EditorField } from './use-editor-schema';

/** Specials the server fills in itself: a copy gets its own. */
const OWN_SPECIALS = new Set(['date-created', 'user-created', 'date-updated', 'user-updated']);

/**
 * The body that creates a copy of the item as the form shows it (unsaved edits included):
 * no primary key, no generated columns, no fields the server stamps (creator, dates), no
 * one-to-many or many-to-many lists (their rows belong to the original), no empty values,
 * and nothing a condition makes read-only (the API refuses such a field on create). With
 * the collection's `item_duplication_fields` set, only the fields it names are copied.
 */
export function copyPayload(
  fields: EditorField[],
  values: Item,
  duplicationFields: string[] | null,
  mayCreate: (field: string) => boolean,
  vars: FilterVariables = {},
): Item {
  const allowed = duplicationFields ? new Set(duplicationFields.map((f) => f.split('.')[0])) : null;
  const out: Item = {};
  for (const ef of fields) {
    const f = ef.field;
    const name = f.field;
    if (!f.schema || f.schema.is_primary_key || f.schema.is_generated) continue;
    if ((f.meta?.special ?? []).some((s) => OWN_SPECIALS.has(s))) continue;
    if (allowed && !allowed.has(name)) continue;
    if (!mayCreate(name) || !(name in values)) continue;
    if (ef.rel?.kind === 'o2m' || ef.rel?.kind === 'm2m') continue;
    const value = ef.rel?.kind === 'm2o' ? m2oKey(values[name], ef.relatedPk) : values[name];
    if (value === undefined || value === null) continue;
    if (hasConditions(f) && applyConditions(f, values, vars).meta?.readonly) continue;
    out[name] = value;
  }
  return out;
}
