import 'server-only';
import crypto from 'node:crypto';
import pkg from '@/package.json';
import type { Db } from '@/lib/db/client';
import { buildOverview, getSchema, type SchemaOverview } from '@/lib/schema/overview';
import { RESERVED_PREFIXES } from '@/lib/schema/identifiers';
import type {
  Json,
  JsonObject,
  LegacyColumn,
  Snapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotRelation,
} from './types';

/** Every PostgreSQL (server or embedded) answers to the same vendor name. */
export const VENDOR = 'postgres';

export function isSystemName(name: string): boolean {
  return RESERVED_PREFIXES.some((p) => name.startsWith(p));
}

function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** Values as JSON would carry them (dates and the like become their JSON text). */
function plain(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}

function withoutId(meta: object | null): JsonObject | null {
  if (!meta) return null;
  const { id: _id, ...rest } = meta as Record<string, unknown>;
  return plain(rest) as JsonObject;
}

export interface SnapshotScope {
  include?: string[];
  exclude?: string[];
}

/** The snapshot content of a schema overview: user tables and folders only, in a fixed order. */
export function snapshotOf(overview: SchemaOverview, scope: SnapshotScope = {}): Snapshot {
  const keep = (name: string) =>
    !isSystemName(name) &&
    (!scope.include || scope.include.includes(name)) &&
    !scope.exclude?.includes(name);
  const userCollections = Object.values(overview.collections)
    .filter((c) => c.type === 'table' && keep(c.collection))
    .sort(byKey((c) => c.collection));
  const names = new Set(userCollections.map((c) => c.collection));

  const collections: SnapshotCollection[] = userCollections.map((c) => ({
    collection: c.collection,
    meta: withoutId(c.meta),
    schema: c.schema ? { name: c.schema.name } : null,
  }));
  const fields: SnapshotField[] = userCollections
    .flatMap((c) => Object.values(c.fields))
    .sort(byKey((f) => `${f.collection}\u0000${f.field}`))
    .map((f) => ({
      collection: f.collection,
      field: f.field,
      type: f.type,
      meta: withoutId(f.meta),
      schema: f.schema && {
        name: f.schema.name,
        table: f.schema.table,
        data_type: f.schema.data_type,
        default_value: f.schema.default_value,
        max_length: f.schema.max_length,
        numeric_precision: f.schema.numeric_precision,
        numeric_scale: f.schema.numeric_scale,
        is_nullable: f.schema.is_nullable,
        is_unique: f.schema.is_unique,
        is_indexed: f.schema.has_index,
        is_primary_key: f.schema.is_primary_key,
        is_generated: f.schema.is_generated,
        generation_expression: null,
        has_auto_increment: f.schema.has_auto_increment,
        foreign_key_table: f.schema.foreign_key_table,
        foreign_key_column: f.schema.foreign_key_column,
        comment: f.schema.comment,
      },
    }));
  const relations: SnapshotRelation[] = overview.relations
    .filter((r) => names.has(r.collection))
    .sort(byKey((r) => `${r.collection}\u0000${r.field}`))
    .map((r) => ({
      collection: r.collection,
      field: r.field,
      related_collection: r.related_collection,
      meta: withoutId(r.meta),
      schema: r.schema && { ...r.schema },
    }));
  const columns: LegacyColumn[] = fields.flatMap((f) =>
    f.schema
      ? [
          {
            table_name: f.collection,
            column_name: f.field,
            data_type: f.schema.data_type,
            is_nullable: f.schema.is_nullable ? 'YES' : 'NO',
            column_default: f.schema.default_value,
          },
        ]
      : [],
  );
  return {
    version: scope.include || scope.exclude ? 2 : 1,
    directus: pkg.version,
    vendor: VENDOR,
    collections,
    fields,
    relations,
    timestamp: new Date().toISOString(),
    schema: 'public',
    tables: collections
      .filter((c) => c.schema)
      .map((c) => ({ table_name: c.collection, table_type: 'BASE TABLE' })),
    columns,
    foreign_keys: relations.flatMap((r) =>
      r.schema
        ? [
            {
              constraint_name: r.schema.constraint_name,
              table_name: r.collection,
              column_name: r.field,
            },
          ]
        : [],
    ),
    directus_collections: collections,
    directus_fields: fields,
    directus_relations: relations,
  };
}

/** JSON with object keys sorted at every level: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Identifies a target schema: what a full snapshot of it holds, apart from the timestamp. */
export function schemaHash(snapshot: Snapshot): string {
  const { timestamp: _t, ...rest } = snapshot;
  return crypto.createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/** A fresh (uncached) full snapshot: apply compares against the database as it is now. */
export async function currentSnapshot(db: Db): Promise<Snapshot> {
  return snapshotOf(await buildOverview(db));
}

export async function cachedSnapshot(db: Db, scope: SnapshotScope = {}): Promise<Snapshot> {
  return snapshotOf(await getSchema(db), scope);
}
