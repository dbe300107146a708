import type { Field } from '@/lib/client/fields/types';
import type { Item } from '@/lib/client/items/types';

/** SQL's value functions written without parentheses. */
const SQL_VALUE_FUNCTIONS =
  /^(current_timestamp|current_date|current_time|localtimestamp|localtime|current_user|session_user)(\(\d+\))?$/i;
/** A function call (`now()`, `gen_random_uuid()`, `nextval('s'::regclass)`), maybe cast. */
const FUNCTION_CALL = /^[a-z_][\w.]*\s*\(.*\)(::[\w\s".[\]]+)?$/i;

/**
 * Whether a column default as the API reports it is an expression the database evaluates
 * on insert (`now()`, `CURRENT_TIMESTAMP`) rather than a literal: literals come back as the
 * value itself, expressions as their SQL text.
 */
export function isServerDefault(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  return SQL_VALUE_FUNCTIONS.test(v) || FUNCTION_CALL.test(v) || v.includes('::');
}

/** A literal default as the form holds the field's value (arrays for json and csv lists). */
function asFormValue(field: Field, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field.type === 'json') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  if (field.type === 'csv') return value ? value.split(',') : [];
  if (field.type === 'boolean') return value === 'true';
  return value;
}

/**
 * What a new item's form starts with: each field's literal column default
 * (`schema.default_value`), for fields the caller may fill in. Keys with a default and
 * expressions the database evaluates stay empty (the form says so instead).
 */
export function newItemDefaults(fields: readonly Field[], mayCreate: (field: string) => boolean) {
  const out: Item = {};
  for (const f of fields) {
    const d = f.schema?.default_value;
    if (d === null || d === undefined || f.schema?.is_primary_key || f.schema?.is_generated) {
      continue;
    }
    if (isServerDefault(d) || !mayCreate(f.field)) continue;
    out[f.field] = asFormValue(f, d);
  }
  return out;
}
