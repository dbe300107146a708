/**
 * Time to build the per-caller OpenAPI collection paths for 200 collections of 12 fields,
 * each with a many-to-one relation to the previous one: for an administrator and for a
 * user holding read on every collection with half the fields. The system part is borrowed
 * from the generic document, which is built once per process, so it is not counted here.
 *
 * Run: npx tsx bench/openapi-caller.ts
 */
import type { MergedPermission, Permissions } from '@/lib/access/permissions';
import { collectionSpec } from '@/lib/openapi/collection-paths';
import type { FieldOverview, SchemaOverview } from '@/lib/schema/overview';
import type { FieldType } from '@/lib/schema/types';

const COLLECTIONS = 200;
const TYPES: FieldType[] = ['string', 'text', 'integer', 'boolean', 'dateTime', 'json', 'decimal'];

function field(collection: string, name: string, type: FieldType, primary = false): FieldOverview {
  return {
    collection,
    field: name,
    type,
    meta: null,
    schema: {
      name,
      table: collection,
      data_type: type,
      default_value: null,
      max_length: type === 'string' ? 255 : null,
      numeric_precision: null,
      numeric_scale: null,
      is_nullable: !primary,
      is_unique: primary,
      is_primary_key: primary,
      is_generated: false,
      has_auto_increment: primary,
      has_index: primary,
      foreign_key_table: null,
      foreign_key_column: null,
      comment: null,
    },
  };
}

function schema(): SchemaOverview {
  const out: SchemaOverview = { collections: {}, relations: [] };
  for (let i = 0; i < COLLECTIONS; i++) {
    const name = `c${i}`;
    const fields: Record<string, FieldOverview> = { id: field(name, 'id', 'integer', true) };
    for (let f = 0; f < 10; f++) fields[`f${f}`] = field(name, `f${f}`, TYPES[f % TYPES.length]);
    fields.parent = field(name, 'parent', 'integer');
    out.collections[name] = {
      collection: name,
      meta: null,
      schema: { name, schema: 'public', comment: null },
      system: false,
      type: 'table',
      primary: 'id',
      fields,
      indexes: [],
    };
    if (i > 0)
      out.relations.push({
        collection: name,
        field: 'parent',
        related_collection: `c${i - 1}`,
        schema: null,
        meta: null,
      });
  }
  return out;
}

const ADMIN: Permissions = { admin: true, rows: [], get: () => null };
const half = new Set(['id', 'f0', 'f1', 'f2', 'f3', 'parent']);
const READER: Permissions = {
  admin: false,
  rows: [],
  get: (collection, action): MergedPermission | null =>
    action === 'read'
      ? { collection, action, fields: half, filter: null, validation: null, presets: {}, rows: [] }
      : null,
};

function time(label: string, permissions: Permissions, overview: SchemaOverview): void {
  collectionSpec(overview, permissions);
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const spec = collectionSpec(overview, permissions);
    runs.push(performance.now() - start);
    if (Object.keys(spec.paths).length !== COLLECTIONS * 2) throw new Error('missing paths');
  }
  runs.sort((a, b) => a - b);
  const size = JSON.stringify(collectionSpec(overview, permissions)).length;
  console.log(
    `${label}: median ${runs[10].toFixed(1)} ms, max ${runs[19].toFixed(1)} ms, ${(size / 1024).toFixed(0)} KiB`,
  );
}

const overview = schema();
time('administrator, 200 collections', ADMIN, overview);
time('reader (half the fields), 200 collections', READER, overview);
