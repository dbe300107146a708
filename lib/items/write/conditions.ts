import 'server-only';
import { FailedValidationError, fieldError } from '@/lib/core/errors';
import type { CollectionOverview, SchemaOverview } from '@/lib/schema/overview';
import type { Filter } from '../query';
import type { ItemsContext } from './context';
import { keysMatching } from './matching';
import type { Key, Row } from './sql';
import { isRecord } from '@/lib/core/guards';

/** One entry of a field's `meta.conditions` that the API acts on. */
interface Condition {
  rule: Filter;
  required?: boolean;
  readonly?: boolean;
}

interface FieldConditions {
  field: string;
  /** The field's own `meta.required`: what holds where no condition decides. */
  required: boolean;
  conditions: Condition[];
}

/**
 * The fields of a collection that the API holds to `required` (the field's own flag) or whose
 * conditions can make them required or read-only, with all their conditions: a later matching
 * condition that only hides the field still replaces an earlier one that required it, as in
 * the studio and in Directus. Hidden and options are presentation: the studio's, not the API's.
 */
export function enforcedConditions(c: CollectionOverview): FieldConditions[] {
  // A schema overview is never changed, only replaced: one look per collection and version.
  let out = enforcedOf.get(c);
  if (!out) enforcedOf.set(c, (out = collect(c)));
  return out;
}

const enforcedOf = new WeakMap<CollectionOverview, FieldConditions[]>();

function collect(c: CollectionOverview): FieldConditions[] {
  const out: FieldConditions[] = [];
  for (const f of Object.values(c.fields)) {
    if (!f.schema) continue;
    const raw = f.meta?.conditions;
    const conditions = Array.isArray(raw)
      ? raw.filter((x): x is Condition => isRecord(x) && isRecord(x.rule))
      : [];
    const enforced = conditions.some(
      (x) => typeof x.required === 'boolean' || typeof x.readonly === 'boolean',
    );
    const required = f.meta?.required === true;
    if (enforced || required) {
      out.push({ field: f.field, required, conditions: enforced ? conditions : [] });
    }
  }
  return out;
}

/**
 * A create's columns against the fields that are required with no condition to say otherwise,
 * before a single-statement insert: a value given empty is refused at once; `false` means a
 * required field was left to the database (a default may fill it), so only the row as written
 * can tell, and the create takes the checked path.
 */
export function plainRequiredMet(list: FieldConditions[], columns: Row): boolean {
  for (const { field, required, conditions } of list) {
    if (conditions.length) return false;
    if (!required) continue;
    if (!Object.hasOwn(columns, field)) return false;
    if (empty(columns[field])) throw failed(field, 'required');
  }
  return true;
}

export function hasReadonlyConditions(list: FieldConditions[]): boolean {
  return list.some((f) => f.conditions.some((c) => c.readonly !== undefined));
}

function empty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function failed(field: string, type: 'required' | 'readonly') {
  const message = type === 'required' ? 'Value is required' : "Can't be changed";
  return fieldError(FailedValidationError, `Validation failed for field "${field}"`, {
    field,
    type,
    message,
  });
}

/**
 * Enforces `required` and `readonly` conditions on rows just written, inside the write's
 * transaction. Each rule is a filter evaluated by the database over the row as written,
 * which is the payload merged with the stored item. As in Directus (and the studio's
 * editor), the last matching condition decides, as a whole: what it leaves unset is not
 * required or read-only. A readonly field may not be given on create, nor changed on update
 * (`before` holds the rows as they were).
 */
export async function checkConditions(
  ctx: ItemsContext,
  input: {
    schema: SchemaOverview;
    collection: CollectionOverview & { primary: string };
    list: FieldConditions[];
    rows: Row[];
    payload: unknown;
    creating: boolean;
    before?: Map<string, Row>;
  },
): Promise<void> {
  const { collection: c, rows } = input;
  if (!input.list.length || !rows.length) return;
  const keys = rows.map((r) => r[c.primary] as Key);
  const target = { collection: c.collection, schema: input.schema, pk: c.primary };
  const given = isRecord(input.payload) ? input.payload : {};
  const cache = new Map<Condition, Set<string>>();
  for (const { field, required: base, conditions } of input.list) {
    for (const row of rows) {
      const key = String(row[c.primary]);
      let last: Condition | null = null;
      for (const condition of conditions) {
        let matching = cache.get(condition);
        if (!matching) {
          matching = await keysMatching(ctx, target, keys, condition.rule);
          cache.set(condition, matching);
        }
        if (matching.has(key)) last = condition;
      }
      // What the deciding condition leaves unset keeps the field's own setting, as the
      // studio's form shows it; readonly is the form's alone (Directus's too) unless a
      // condition sets it.
      // An update is held to the field's own flag only for the fields it gives (as in
      // Directus): an item stored before the flag was set stays editable.
      const own = base && (input.creating || Object.hasOwn(given, field));
      const required = typeof last?.required === 'boolean' ? last.required : own;
      const readonly = last?.readonly === true;
      if (required && empty(row[field])) throw failed(field, 'required');
      if (readonly && Object.hasOwn(given, field)) {
        const old = input.before?.get(key);
        if (!old || !same(old[field], row[field])) throw failed(field, 'readonly');
      }
    }
  }
}
