import 'server-only';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import type { PermissionRow } from '@/lib/access/permissions';
import { permissionOf, type ScopeRule } from '../access';
import { fieldDenied } from '../filter/context';
import type { Filter } from '../query';
import type { ItemsContext } from './context';
import { countMatching, firstRule, validationFailed } from './matching';
import { resolvePresets } from './presets';
import type { Key, Row } from './sql';

export type WriteAction = 'create' | 'update' | 'delete';

/** What a non-admin write must respect; null (from authorizeWrite) means no checks. */
export interface WriteRule {
  collection: string;
  action: WriteAction;
  fields: Set<string> | '*';
  /** Rows the action may touch: the item filter ANDed with the scope's row limit. */
  filter: Filter | null;
  validation: Filter | null;
  presets: Record<string, unknown>;
  scope: ScopeRule | null;
  /** The permission rows merged into this rule, one per policy granting the action. */
  rows: PermissionRow[];
}

interface Input {
  action: WriteAction;
  collection: string;
  schema: SchemaOverview;
  pk: string;
  keys?: Key[];
}

/**
 * The one place a write asks whether the caller may do it. Every create, update and
 * delete (nested ones included) calls this before anything is written. Administrators get
 * null (no checks). Anyone else needs a permission for the action (401 anonymous, 403
 * otherwise), and for update and delete every key must be a row the permission's item
 * filter (and the request's scope) lets them touch: a key outside is the same 404 as a
 * missing item.
 */
export async function authorizeWrite(ctx: ItemsContext, input: Input): Promise<WriteRule | null> {
  const permission = await permissionOf(ctx, input.schema, input.collection, input.action);
  if (!permission) return null;
  const rule: WriteRule = {
    collection: input.collection,
    action: input.action,
    fields: permission.fields,
    filter: permission.filter,
    validation: permission.validation,
    presets: await resolvePresets(permission.presets, ctx, input.schema),
    scope: permission.scope,
    rows: permission.rows,
  };
  if (input.keys?.length && rule.filter) {
    const n = await countMatching(ctx, input, input.keys, rule.filter);
    if (n < new Set(input.keys.map(String)).size) throw new NotFoundError('Item not found');
  }
  return rule;
}

/** Fields of a payload outside the rule's field list: 403 naming the first one. */
export function checkFields(rule: WriteRule | null, payload: unknown): void {
  if (!rule || rule.fields === '*' || !payload || typeof payload !== 'object') return;
  for (const field of Object.keys(payload)) {
    if (!rule.fields.has(field)) throw fieldDenied(rule.collection, field);
  }
}

/**
 * Presets are defaults: what the caller sends wins. In a scoped request a new row of a
 * collection with a scope field belongs to the request's scope unless it says otherwise
 * (and what it says is checked against the scope after the write).
 */
export function withDefaults(rule: WriteRule | null, payload: Row): Row {
  if (!rule) return payload;
  const out: Row = { ...rule.presets, ...payload };
  const scope = rule.scope;
  if (scope?.defaultValue && (out[scope.field] === undefined || out[scope.field] === null)) {
    out[scope.field] = scope.defaultValue;
  }
  return out;
}

/**
 * Whether checkWritten or checkFieldRows would look at a created row under this rule: an
 * item filter, a scope limit, a validation, or more than one permission.
 */
export function checksCreatedRow(rule: WriteRule | null): boolean {
  return Boolean(
    rule && (rule.filter || rule.scope?.filter || rule.validation || rule.rows.length > 1),
  );
}

/**
 * The rows as the write left them (inside the transaction) must still be rows the rule
 * covers: an item filter or scope miss is a 403, a validation miss a 400 naming a field of
 * the rule. Throwing rolls the whole write back.
 */
export async function checkWritten(
  ctx: ItemsContext,
  input: { rule: WriteRule | null; schema: SchemaOverview; pk: string; keys: Key[] },
): Promise<void> {
  const { rule } = input;
  if (!rule || !input.keys.length) return;
  const target = { collection: rule.collection, schema: input.schema, pk: input.pk };
  const expected = new Set(input.keys.map(String)).size;
  // Update and delete keys were checked against the item filter beforehand; a create is
  // checked here, and any write against the scope it must stay in.
  const where = rule.action === 'create' ? rule.filter : rule.scope?.filter;
  if (where && (await countMatching(ctx, target, input.keys, where)) < expected) {
    throw new ForbiddenError();
  }
  if (rule.validation) {
    if ((await countMatching(ctx, target, input.keys, rule.validation)) < expected) {
      throw validationFailed(firstRule(rule.validation)?.field ?? input.pk, rule.validation);
    }
  }
}
