import type { Item } from '@/lib/client/items/types';
import { hasChanges, isRelatedChanges, m2oKey, toNestedWrite } from '../relations/related-model';
import { isStagedWrite } from '../relations/staged-write';
import type { EditorField } from './use-editor-schema';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The request body for a save: only fields that differ from what was read (every filled
 * field for a new item), relations as keys and nested writes.
 */
export function buildPayload(
  fields: EditorField[],
  initial: Item,
  values: Item,
  isNew: boolean,
): Item {
  const out: Item = {};
  for (const ef of fields) {
    const name = ef.field.field;
    if (!(name in values)) continue;
    const value = values[name];
    // Translations and block lists hand over their nested write ready-made.
    if (isStagedWrite(value)) {
      if (value.write) out[name] = value.write;
      continue;
    }
    if (ef.rel?.kind === 'o2m' || ef.rel?.kind === 'm2m') {
      if (isRelatedChanges(value) && hasChanges(value)) {
        // The list reads its rows page by page; the changes carry the page they were made on.
        const fromItem = Array.isArray(initial[name]) ? (initial[name] as Item[]) : [];
        const current = value.seen?.rows ?? fromItem;
        const shape = { rel: ef.rel, relatedPk: ef.relatedPk, junctionPk: ef.junctionPk };
        out[name] = toNestedWrite(shape, current, value, value.seen?.total ?? current.length);
      }
      continue;
    }
    if (ef.rel?.kind === 'm2o') {
      const key = m2oKey(value, ef.relatedPk);
      if (isNew ? key !== null : key !== m2oKey(initial[name], ef.relatedPk)) out[name] = key;
      continue;
    }
    if (
      isNew ? value !== null && value !== undefined && value !== '' : !same(value, initial[name])
    ) {
      out[name] = value;
    }
  }
  return out;
}

/** Required fields left empty, checked before the request (the API enforces only NOT NULL). */
export function missingRequired(fields: EditorField[], values: Item, isNew: boolean): string[] {
  return fields
    .filter((ef) => ef.field.meta?.required && !ef.rel)
    .filter((ef) => {
      const v = values[ef.field.field];
      const touched = isNew || ef.field.field in values;
      return (
        touched && (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length))
      );
    })
    .map((ef) => ef.field.field);
}
