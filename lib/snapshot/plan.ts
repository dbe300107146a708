import { z } from 'zod';
import { InvalidPayloadError } from '@/lib/core/errors';
import {
  COLUMN_TYPES,
  assertColumnField,
  defaultSql,
  type ColumnField,
  type ColumnType,
} from '@/lib/schema/ddl';
import { assertIdentifier } from '@/lib/schema/identifiers';
import { REFERENTIAL_ACTIONS } from '@/lib/schema/relation-ddl';
import { normalizeCollections, normalizeFields, normalizeRelations } from './normalize';
import { canonicalJson } from './snapshot';
import type { Json, Snapshot, SnapshotCollection, SnapshotField, SnapshotRelation } from './types';
import { isRecord } from '@/lib/core/guards';

const entry = z
  .object({
    kind: z.enum(['N', 'E', 'D']),
    path: z.array(z.union([z.string(), z.number()])).optional(),
    lhs: z.unknown().optional(),
    rhs: z.unknown().optional(),
  })
  .strict();
const diffLists = {
  collections: z.array(z.object({ collection: z.string(), diff: z.array(entry) }).strict()),
  fields: z.array(
    z.object({ collection: z.string(), field: z.string(), diff: z.array(entry) }).strict(),
  ),
  relations: z.array(
    z
      .object({
        collection: z.string(),
        field: z.string(),
        related_collection: z.string().nullable().optional(),
        diff: z.array(entry),
      })
      .strict(),
  ),
};
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'must be the 64-character hash of a diff');
export const diffBody = z.object({ hash, ...diffLists }).strict();
/** The same, as Directus sends it: the lists under `diff`. */
export const wrappedDiffBody = z
  .object({ hash, diff: z.object(diffLists).strict() })
  .strict()
  .transform((b) => ({ hash: b.hash, ...b.diff }));
export type DiffBody = z.infer<typeof diffBody>;
type Entry = z.infer<typeof entry>;

export type Change<T> =
  | { kind: 'create'; item: T }
  | { kind: 'update'; current: T; item: T }
  | { kind: 'delete'; current: T };

export interface Plan {
  collections: Change<SnapshotCollection>[];
  fields: Change<SnapshotField>[];
  relations: Change<SnapshotRelation>[];
}

function refuse(message: string): never {
  throw new InvalidPayloadError(message);
}

export function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The current item with the diff's edits at their paths. */
function applyEntries<T>(current: T, entries: Entry[]): T {
  const out = JSON.parse(JSON.stringify(current)) as Record<string, Json>;
  for (const e of entries) {
    const path = e.path ?? [];
    if (!path.length) refuse('An edit entry needs a path');
    let node: Record<string, Json> = out;
    for (const key of path.slice(0, -1)) {
      if (!isRecord(node[key])) node[key] = {};
      node = node[key] as Record<string, Json>;
    }
    const last = path[path.length - 1];
    if (e.kind === 'D') delete node[last];
    else node[last] = (e.rhs ?? null) as Json;
  }
  return out as T;
}

function changeOf<T>(
  entries: Entry[],
  current: T | undefined,
  normalize: (item: unknown) => T,
  what: string,
): Change<T> | null {
  const top = entries.find((e) => !e.path?.length);
  if (top?.kind === 'N') {
    if (current) refuse(`${what} already exists`);
    return { kind: 'create', item: normalize(top.rhs) };
  }
  if (top?.kind === 'D') return current ? { kind: 'delete', current } : null;
  if (!current) refuse(`${what} doesn't exist here`);
  if (!entries.length) return null;
  return { kind: 'update', current, item: applyEntries(current, entries) };
}

/** The data type as introspected on the source; only plain built-in types are recreated. */
export function columnSql(f: SnapshotField): string {
  const s = f.schema!;
  const int = (v: unknown, what: string) =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 10_485_760
      ? v
      : refuse(`Field "${f.collection}.${f.field}": invalid ${what}`);
  switch (s.data_type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double precision':
    case 'text':
    case 'boolean':
    case 'uuid':
    case 'date':
    case 'time without time zone':
    case 'time with time zone':
    case 'timestamp without time zone':
    case 'timestamp with time zone':
    case 'json':
    case 'jsonb':
      return s.data_type;
    case 'character varying':
      return s.max_length == null ? 'varchar' : `varchar(${int(s.max_length, 'max_length')})`;
    case 'character':
      return `char(${int(s.max_length ?? 1, 'max_length')})`;
    case 'numeric':
      if (s.numeric_precision == null) return 'numeric';
      return `numeric(${int(s.numeric_precision, 'numeric_precision')}, ${s.numeric_scale === 0 ? 0 : int(s.numeric_scale ?? 0, 'numeric_scale')})`;
    default:
      return refuse(
        `Field "${f.collection}.${f.field}": column type "${String(s.data_type)}" is not supported (enum, user-defined and array types are not migrated)`,
      );
  }
}

/** The field as DDL input, refusing what can't be recreated. */
export function columnField(f: SnapshotField): ColumnField {
  if (!COLUMN_TYPES.includes(f.type as ColumnType)) {
    refuse(`Field "${f.collection}.${f.field}": type "${f.type}" is not supported`);
  }
  const s = f.schema!;
  const column: ColumnField = {
    field: f.field,
    type: f.type as ColumnType,
    schema: {
      max_length: s.max_length,
      numeric_precision: s.numeric_precision,
      numeric_scale: s.numeric_scale,
      is_nullable: s.is_nullable,
      default_value: s.has_auto_increment ? null : s.default_value,
      is_primary_key: s.is_primary_key,
      has_auto_increment: s.has_auto_increment,
      is_unique: s.is_unique,
      is_indexed: s.is_indexed,
    },
  };
  assertColumnField(column);
  columnSql(f);
  defaultSql(f.field, column.type, column.schema!.default_value);
  return column;
}

function checkField(
  change: Change<SnapshotField>,
  dropped: Set<string>,
  created: Set<string>,
): void {
  const where = (f: SnapshotField) => `Field "${f.collection}.${f.field}"`;
  if (change.kind === 'delete') {
    if (change.current.schema?.is_primary_key && !dropped.has(change.current.collection)) {
      refuse(`${where(change.current)}: removing a primary key is not supported`);
    }
    return;
  }
  const f = change.item;
  if (change.kind === 'create') {
    if (f.schema) {
      if (f.schema.is_primary_key && !created.has(f.collection)) {
        refuse(`${where(f)}: adding a primary key is not supported`);
      }
      columnField(f);
    }
    return;
  }
  const now = change.current;
  if (!now.schema !== !f.schema || (now.type === 'alias') !== (f.type === 'alias')) {
    refuse(`${where(f)}: converting between an alias field and a database column is not supported`);
  }
  if (!now.schema || !f.schema) return;
  if (
    now.schema.is_primary_key !== f.schema.is_primary_key ||
    (now.schema.is_primary_key && columnSql(now) !== columnSql(f))
  ) {
    refuse(`${where(f)}: changing a primary key is not supported`);
  }
  if (now.schema.has_auto_increment !== f.schema.has_auto_increment) {
    refuse(`${where(f)}: changing auto-increment is not supported`);
  }
  columnField(f);
}

function checkRelation(change: Change<SnapshotRelation>): void {
  if (change.kind === 'delete' || !change.item.schema) return;
  const s = change.item.schema;
  for (const action of [s.on_delete, s.on_update]) {
    if (!(REFERENTIAL_ACTIONS as readonly string[]).includes(action)) {
      refuse(
        `Relation "${change.item.collection}.${change.item.field}": unknown referential action "${String(action)}"`,
      );
    }
  }
  if (!s.foreign_key_table || !s.foreign_key_column) {
    refuse(
      `Relation "${change.item.collection}.${change.item.field}": the foreign key needs a table and a column`,
    );
  }
}

/** Resolves every diff entry against the current schema and refuses unsupported changes up front. */
export function planChanges(current: Snapshot, diff: DiffBody): Plan {
  const key = (i: { collection: string; field?: string }) => `${i.collection}.${i.field ?? ''}`;
  const collections = new Map(current.collections.map((c) => [c.collection, c]));
  const fields = new Map(current.fields.map((f) => [key(f), f]));
  const relations = new Map(current.relations.map((r) => [key(r), r]));
  const plan: Plan = { collections: [], fields: [], relations: [] };
  for (const c of diff.collections) {
    const change = changeOf(
      c.diff,
      collections.get(c.collection),
      (i) => ({ ...normalizeCollections([i])[0], collection: c.collection }),
      `Collection "${c.collection}"`,
    );
    if (change) plan.collections.push(change);
  }
  for (const f of diff.fields) {
    const change = changeOf(
      f.diff,
      fields.get(key(f)),
      (i) => ({ ...normalizeFields([i])[0], collection: f.collection, field: f.field }),
      `Field "${f.collection}.${f.field}"`,
    );
    if (change) plan.fields.push(change);
  }
  for (const r of diff.relations) {
    const change = changeOf(
      r.diff,
      relations.get(key(r)),
      (i) => ({ ...normalizeRelations([i])[0], collection: r.collection, field: r.field }),
      `Relation "${r.collection}.${r.field}"`,
    );
    if (change) plan.relations.push(change);
  }
  const names = (kind: Change<unknown>['kind']) =>
    new Set(
      plan.collections
        .filter((c) => c.kind === kind)
        .map(
          (c) =>
            (c.kind === 'delete' ? c.current : c.kind === 'create' ? c.item : c.item).collection,
        ),
    );
  const dropped = names('delete');
  const created = names('create');
  for (const c of created) assertIdentifier(c, 'collection');
  for (const f of plan.fields) {
    if (f.kind !== 'create') continue;
    assertIdentifier(f.item.field, 'field');
    if (!collections.has(f.item.collection) && !created.has(f.item.collection)) {
      refuse(
        `Field "${f.item.collection}.${f.item.field}": collection "${f.item.collection}" doesn't exist`,
      );
    }
  }
  for (const f of plan.fields) checkField(f, dropped, created);
  for (const r of plan.relations) checkRelation(r);
  return plan;
}
