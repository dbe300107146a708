import { isRecord } from '../guards';
import { matchesFilter, type FilterVariables } from '../items/match-filter';
import type { Field } from './types';

/** One entry of a field's `meta.conditions`, Directus's shape. */
export interface FieldCondition {
  name?: string;
  rule: Record<string, unknown>;
  hidden?: boolean;
  readonly?: boolean;
  required?: boolean;
  options?: Record<string, unknown>;
}

/** The well-formed conditions of a field; anything else in the list is ignored. */
export function conditionsOf(field: Field): FieldCondition[] {
  const raw = field.meta?.conditions;
  if (!Array.isArray(raw)) return [];
  return raw.filter((c): c is FieldCondition => isRecord(c) && isRecord(c.rule));
}

export function hasConditions(field: Field): boolean {
  return conditionsOf(field).length > 0;
}

/**
 * The field as the form shows it for these values. As in Directus, the last condition
 * whose rule matches wins, and only what it sets (hidden, readonly, required, options)
 * replaces the field's own settings; options merge over the field's options.
 */
export function applyConditions(
  field: Field,
  values: Record<string, unknown>,
  vars: FilterVariables,
): Field {
  const conditions = conditionsOf(field);
  if (!conditions.length || !field.meta) return field;
  const match = [...conditions].reverse().find((c) => matchesFilter(c.rule, values, vars));
  if (!match) return field;
  const meta = { ...field.meta };
  if (typeof match.hidden === 'boolean') meta.hidden = match.hidden;
  if (typeof match.readonly === 'boolean') meta.readonly = match.readonly;
  if (typeof match.required === 'boolean') meta.required = match.required;
  if (isRecord(match.options)) {
    meta.options = { ...(isRecord(meta.options) ? meta.options : {}), ...match.options };
  }
  return { ...field, meta };
}

export type ConditionsProblem =
  | { kind: 'json' }
  | { kind: 'notList' }
  | { kind: 'entry'; index: number }
  | { kind: 'rule'; index: number }
  | { kind: 'flag'; index: number; key: string };

const FLAGS = ['hidden', 'readonly', 'required'] as const;
const KNOWN = new Set(['name', 'rule', 'options', ...FLAGS]);

/**
 * Reads conditions as an administrator types them: JSON text, a list of objects each with
 * a `rule` filter object, boolean flags and an options object. Empty text is no conditions.
 */
export function parseConditions(
  text: string,
): { value: FieldCondition[] | null } | { problem: ConditionsProblem } {
  if (!text.trim()) return { value: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: { kind: 'json' } };
  }
  if (!Array.isArray(raw)) return { problem: { kind: 'notList' } };
  for (const [index, entry] of raw.entries()) {
    if (!isRecord(entry) || Object.keys(entry).some((k) => !KNOWN.has(k))) {
      return { problem: { kind: 'entry', index } };
    }
    if (!isRecord(entry.rule) || !Object.keys(entry.rule).length) {
      return { problem: { kind: 'rule', index } };
    }
    for (const key of FLAGS) {
      if (key in entry && typeof entry[key] !== 'boolean') {
        return { problem: { kind: 'flag', index, key } };
      }
    }
    if ('options' in entry && !isRecord(entry.options)) {
      return { problem: { kind: 'flag', index, key: 'options' } };
    }
    if ('name' in entry && typeof entry.name !== 'string') {
      return { problem: { kind: 'flag', index, key: 'name' } };
    }
  }
  return { value: raw.length ? (raw as FieldCondition[]) : null };
}
