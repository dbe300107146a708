import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Accountability } from '@/lib/core/accountability';
import { invalidateAccessCache, onAccessInvalidated } from './policies';

export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete', 'share'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

type FilterObject = Record<string, unknown>;

/** One daas_permissions row as stored, JSON columns parsed. */
export interface PermissionRow {
  id: number;
  policy: string;
  collection: string;
  action: PermissionAction;
  fields: string[] | null;
  permissions: FilterObject | null;
  validation: FilterObject | null;
  presets: FilterObject | null;
}

/**
 * What every policy of the caller grants for one action on one collection, merged:
 * fields are the union, the item filter is the OR of each policy's filter (a policy
 * without one grants every row), a write passes validation when any granting policy's
 * validation passes, and presets are merged in the order of the caller's policies (the
 * later policy wins a clash: parent roles, then the user's role, then the user's own, each
 * by access `sort`).
 */
export interface MergedPermission {
  collection: string;
  action: PermissionAction;
  fields: Set<string> | '*';
  /** null = every row. */
  filter: FilterObject | null;
  /** null = nothing to check. */
  validation: FilterObject | null;
  presets: FilterObject;
  rows: PermissionRow[];
}

export interface Permissions {
  /** Admin access bypasses every check; nothing else is consulted. */
  admin: boolean;
  rows: PermissionRow[];
  get(collection: string, action: PermissionAction): MergedPermission | null;
}

const TTL_MS = 30_000;
const cache = new Map<string, { value: Permissions; at: number }>();
/** Bumped by every invalidation: a load that began before one is not cached. */
let generation = 0;
onAccessInvalidated(() => {
  cache.clear();
  generation++;
});

/**
 * Call after any write to daas_permissions: permissions are cached per set of policies and
 * cleared with every access cache (here and, through the sibling notice, elsewhere).
 */
export function invalidatePermissionsCache(): void {
  invalidateAccessCache();
}

const ADMIN: Permissions = { admin: true, rows: [], get: () => null };
const NONE: Permissions = { admin: false, rows: [], get: () => null };

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function filterOf(value: unknown): FilterObject | null {
  const v = parsed(value);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  return Object.keys(v).length ? (v as FilterObject) : null;
}

function fieldsOf(value: unknown): string[] | null {
  const v = parsed(value);
  if (typeof v === 'string') return v.split(',').map((f) => f.trim());
  return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : null;
}

function merge(
  collection: string,
  action: PermissionAction,
  rows: PermissionRow[],
): MergedPermission {
  let fields: Set<string> | '*' = new Set();
  const filters: FilterObject[] = [];
  const validations: FilterObject[] = [];
  let everyRow = false;
  let unvalidated = false;
  const presets: FilterObject = {};
  for (const row of rows) {
    // A row without a field list grants no field: fail closed.
    const list = row.fields ?? [];
    if (list.includes('*')) fields = '*';
    else if (fields !== '*') for (const f of list) fields.add(f);
    if (row.permissions) filters.push(row.permissions);
    else everyRow = true;
    if (row.validation) validations.push(row.validation);
    else unvalidated = true;
    Object.assign(presets, row.presets ?? {});
  }
  const either = (list: FilterObject[]) => (list.length === 1 ? list[0] : { _or: list });
  return {
    collection,
    action,
    fields,
    filter: everyRow ? null : either(filters),
    validation: unvalidated ? null : either(validations),
    presets,
    rows,
  };
}

async function load(db: Db, policies: string[]): Promise<Permissions> {
  const raw = await db
    .selectFrom('daas_permissions')
    .selectAll()
    .where('policy', 'in', policies)
    .orderBy('id')
    .execute();
  // In the order of the policies (see orderPolicies): a later policy's presets win a clash.
  const place = new Map(policies.map((p, i) => [p, i]));
  raw.sort((a, b) => place.get(a.policy)! - place.get(b.policy)! || a.id - b.id);
  const rows: PermissionRow[] = raw.map((r) => ({
    id: r.id,
    policy: r.policy,
    collection: r.collection,
    action: r.action,
    fields: fieldsOf(r.fields),
    permissions: filterOf(r.permissions),
    validation: filterOf(r.validation),
    presets: filterOf(r.presets),
  }));
  const grouped = new Map<string, PermissionRow[]>();
  for (const row of rows) {
    const key = `${row.action}\u0000${row.collection}`;
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  const merged = new Map<string, MergedPermission>();
  for (const [key, list] of grouped) {
    merged.set(key, merge(list[0].collection, list[0].action, list));
  }
  return {
    admin: false,
    rows,
    get: (collection, action) => merged.get(`${action}\u0000${collection}`) ?? null,
  };
}

/**
 * The caller's effective permissions: the union over every policy it holds at the
 * request's scope (for an anonymous caller, the public policy). Cached per ordered list of
 * policies until roles, policies, permissions or access records change.
 */
export async function permissionsFor(
  db: Db,
  accountability: Pick<Accountability, 'admin' | 'policies'>,
): Promise<Permissions> {
  if (accountability.admin) return ADMIN;
  // Order matters (presets), so it is part of the cache key.
  const policies = [...new Set(accountability.policies)];
  if (!policies.length) return NONE;
  const key = policies.join(',');
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const started = generation;
  const value = await load(db, policies);
  if (started === generation) cache.set(key, { value, at: Date.now() });
  return value;
}

export function allowsField(permission: MergedPermission, field: string): boolean {
  return permission.fields === '*' || permission.fields.has(field);
}

/** Whether one permission row (one policy's) grants the field. */
export function grants(row: PermissionRow, field: string): boolean {
  const list = row.fields ?? [];
  return list.includes('*') || list.includes(field);
}

/** A filter no row meets (an empty `_or`). */
export const NO_ROWS: FilterObject = Object.freeze({ _or: [] }) as FilterObject;

/**
 * Where one field of a merged permission applies, when that is narrower than where the
 * merged permission applies: the OR of `condition(row)` over the permission rows that grant
 * the field (each policy's field list goes only with that policy's rows). null when the field
 * goes wherever the merged permission does: a single row, a granting row without a
 * condition, or every distinct condition among the rows granting the field. A field no row
 * grants gets NO_ROWS. `condition` defaults to the row's item filter; writes that must also
 * meet a row's validation pass their own.
 */
export function fieldCondition(
  permission: Pick<MergedPermission, 'rows'>,
  field: string,
  condition?: (row: PermissionRow) => FilterObject | null,
): FilterObject | null {
  const rows = permission.rows;
  if (rows.length <= 1) return rows.length && grants(rows[0], field) ? null : NO_ROWS;
  if (condition) return narrowed(rows, field, condition);
  // Item filters only: asked per field of every read, so kept with the (cached) rows.
  let memo = itemConditions.get(rows);
  if (!memo) itemConditions.set(rows, (memo = new Map()));
  const hit = memo.get(field);
  if (hit !== undefined) return hit;
  const found = narrowed(rows, field, (row) => row.permissions);
  if (memo.size < 10_000) memo.set(field, found);
  return found;
}

const itemConditions = new WeakMap<PermissionRow[], Map<string, FilterObject | null>>();

function narrowed(
  rows: PermissionRow[],
  field: string,
  condition: (row: PermissionRow) => FilterObject | null,
): FilterObject | null {
  const granted = new Map<string, FilterObject>();
  const all = new Set<string>();
  for (const row of rows) {
    const c = condition(row);
    const key = c ? JSON.stringify(c) : '';
    all.add(key);
    if (!grants(row, field)) continue;
    if (!c) return null;
    granted.set(key, c);
  }
  if (!granted.size) return NO_ROWS;
  if (granted.size === all.size) return null;
  const list = [...granted.values()];
  return list.length === 1 ? list[0] : { _or: list };
}
