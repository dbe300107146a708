import 'server-only';
import { fieldCondition, grants, type PermissionRow } from '@/lib/access/permissions';
import type { SchemaOverview } from '@/lib/schema/overview';
import { andFilters } from '../access';
import { fieldDenied } from '../filter/context';
import type { Filter } from '../query';
import type { WriteRule } from './authorize';
import type { ItemsContext } from './context';
import { countMatching, keysMatching, validationFailed } from './matching';
import type { Key } from './sql';

/**
 * Each field written must be granted, on each row, by a permission that applies to that
 * row: with several permissions (one per policy), a field one of them grants is not written
 * on rows only another one covers. An update is checked against the rows before the write
 * (`rows`: the item filters of the permissions granting the field; a miss is a 403 naming
 * the field; its validation afterwards is checkValidated's), a create against the new row
 * (`created`: item filter and validation of one permission granting the field; a 403). A
 * single permission needs no check here: checkFields, the item filter and checkWritten
 * already say it all.
 */
export async function checkFieldRows(
  ctx: ItemsContext,
  input: {
    rule: WriteRule | null;
    schema: SchemaOverview;
    pk: string;
    keys: Key[];
    payload: unknown;
    check: 'rows' | 'created';
  },
): Promise<void> {
  const { rule, payload } = input;
  if (!rule || rule.rows.length <= 1 || !input.keys.length) return;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return;
  const condition =
    input.check === 'created'
      ? (row: PermissionRow) => andFilters(row.permissions, row.validation)
      : undefined;
  // Fields with the same condition are checked together.
  const checks = new Map<string, { filter: Filter; field: string }>();
  for (const field of Object.keys(payload)) {
    const filter = fieldCondition(rule, field, condition);
    if (!filter) continue;
    const key = JSON.stringify(filter);
    if (!checks.has(key)) checks.set(key, { filter, field });
  }
  const target = { collection: rule.collection, schema: input.schema, pk: input.pk };
  const expected = new Set(input.keys.map(String)).size;
  for (const { filter, field } of checks.values()) {
    if ((await countMatching(ctx, target, input.keys, filter)) >= expected) continue;
    throw fieldDenied(rule.collection, field);
  }
}

/** The keys each permission row's item filter reaches before an update (checkValidated). */
export type Coverage = Map<PermissionRow, Set<string>>;

interface RowsInput {
  rule: WriteRule | null;
  schema: SchemaOverview;
  pk: string;
  keys: Key[];
}

/** Null when checkValidated has nothing to do: no rule, one permission or no key. */
export async function coverageOf(ctx: ItemsContext, input: RowsInput): Promise<Coverage | null> {
  const { rule } = input;
  if (!rule || rule.rows.length <= 1 || !input.keys.length) return null;
  const target = { collection: rule.collection, schema: input.schema, pk: input.pk };
  const all = new Set(input.keys.map(String));
  const out: Coverage = new Map();
  for (const row of rule.rows) {
    out.set(
      row,
      row.permissions ? await keysMatching(ctx, target, input.keys, row.permissions) : all,
    );
  }
  return out;
}

/**
 * After an update under several permissions, each item is checked against the permissions
 * that applied to it: every written field must, on every row, pass the validation of a
 * permission that grants the field and whose item filter reached the row before the write.
 * A policy that covers other rows (with or without a validation) lifts nothing here. A miss
 * is a 400 FAILED_VALIDATION naming the field; throwing rolls the write back.
 */
export async function checkValidated(
  ctx: ItemsContext,
  input: RowsInput & { payload: unknown; coverage: Coverage | null },
): Promise<void> {
  const { rule, payload, coverage } = input;
  if (!rule || !coverage || !payload || typeof payload !== 'object') return;
  const target = { collection: rule.collection, schema: input.schema, pk: input.pk };
  const passing = new Map<PermissionRow, Set<string>>();
  const passes = async (row: PermissionRow, key: string) => {
    if (!row.validation) return true;
    let keys = passing.get(row);
    if (!keys)
      passing.set(row, (keys = await keysMatching(ctx, target, input.keys, row.validation)));
    return keys.has(key);
  };
  for (const field of Object.keys(payload)) {
    const granting = rule.rows.filter((row) => grants(row, field));
    for (const key of new Set(input.keys.map(String))) {
      const applying = granting.filter((row) => coverage.get(row)?.has(key));
      if (!applying.length) throw fieldDenied(rule.collection, field);
      let ok = false;
      for (const row of applying) if ((ok = await passes(row, key))) break;
      if (!ok) throw validationFailed(field, applying[0].validation);
    }
  }
}
