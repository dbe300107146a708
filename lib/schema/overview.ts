import 'server-only';
import type { Selectable } from 'kysely';
import type { RequestContext } from '@/lib/core/context';
import type { Db } from '@/lib/db/client';
import type {
  CollectionOverview,
  FieldMeta,
  FieldOverview,
  FieldSchemaInfo,
  RelationOverview,
  SchemaOverview,
} from '@/lib/core/schema-overview';
import type { FieldsMetaTable } from '@/lib/core/tables';
import { fieldTypeOf } from './field-types';
import { introspect } from './introspect';
import { onSchemaChange, publishSchemaChange } from './notify';
import type { ColumnInfo, ForeignKeyInfo } from './types';

export type {
  CollectionMeta,
  CollectionOverview,
  FieldMeta,
  FieldOverview,
  FieldSchemaInfo,
  RelationMeta,
  RelationOverview,
  SchemaOverview,
} from '@/lib/core/schema-overview';

export const SYSTEM_PREFIX = 'daas_';

function fieldSchema(c: ColumnInfo): FieldSchemaInfo {
  return {
    name: c.name,
    table: c.table,
    data_type: c.dataType,
    default_value: c.defaultValue,
    max_length: c.maxLength,
    numeric_precision: c.numericPrecision,
    numeric_scale: c.numericScale,
    is_nullable: c.isNullable,
    is_unique: c.isUnique,
    is_primary_key: c.isPrimaryKey,
    is_generated: c.isGenerated,
    has_auto_increment: c.hasAutoIncrement,
    has_index: c.hasIndex,
    foreign_key_table: c.foreignKeyTable,
    foreign_key_column: c.foreignKeyColumn,
    comment: c.comment,
  };
}

function fieldMeta(row: Selectable<FieldsMetaTable>): FieldMeta {
  const special = Array.isArray(row.special) ? (row.special as string[]) : null;
  return { ...row, special };
}

function relationSchema(fk: ForeignKeyInfo): RelationOverview['schema'] {
  return {
    table: fk.table,
    column: fk.column,
    foreign_key_table: fk.foreignKeyTable,
    foreign_key_column: fk.foreignKeyColumn,
    constraint_name: fk.constraintName,
    on_update: fk.onUpdate,
    on_delete: fk.onDelete,
  };
}

/**
 * A name-keyed map without a prototype: a table or column named `constructor` (or
 * `__proto__`, made outside the API) is an ordinary key, and a name that exists on every
 * object is not found where nothing holds it.
 */
function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Introspection merged with the metadata rows: the one model every service reads. */
export async function buildOverview(db: Db): Promise<SchemaOverview> {
  const [dbSchema, collectionRows, fieldRows, relationRows] = await Promise.all([
    introspect(db),
    db.selectFrom('daas_collections').selectAll().execute(),
    db.selectFrom('daas_fields').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('daas_relations').selectAll().orderBy('id').execute(),
  ]);
  const collections = dictionary<CollectionOverview>();
  const metaByCollection = new Map(collectionRows.map((r) => [r.collection, r]));

  for (const t of dbSchema.tables) {
    if (t.name === 'daas_migrations') continue;
    collections[t.name] = {
      collection: t.name,
      meta: metaByCollection.get(t.name) ?? null,
      schema: { name: t.name, schema: t.schema, comment: t.comment },
      system: t.name.startsWith(SYSTEM_PREFIX),
      type: t.type,
      primary: null,
      fields: dictionary<FieldOverview>(),
      indexes: dbSchema.indexes
        .filter((i) => i.table === t.name && !i.primary && i.columns.length > 1)
        .map((i) => ({ name: i.name, fields: i.columns, unique: i.unique })),
    };
  }
  // Metadata without a table: a virtual folder.
  for (const meta of collectionRows) {
    collections[meta.collection] ??= {
      collection: meta.collection,
      meta,
      schema: null,
      system: false,
      type: 'table',
      primary: null,
      fields: dictionary<FieldOverview>(),
      indexes: [],
    };
  }

  const metaByField = new Map(fieldRows.map((r) => [`${r.collection}.${r.field}`, fieldMeta(r)]));
  for (const c of dbSchema.columns) {
    const collection = collections[c.table];
    if (!collection) continue;
    const meta = metaByField.get(`${c.table}.${c.name}`) ?? null;
    collection.fields[c.name] = {
      collection: c.table,
      field: c.name,
      type: fieldTypeOf(c.dataType, meta?.special ?? []),
      schema: fieldSchema(c),
      meta,
    };
    if (c.isPrimaryKey) collection.primary = c.name;
  }
  // Metadata without a column: alias fields (o2m, m2m, presentation, group).
  for (const meta of metaByField.values()) {
    const collection = collections[meta.collection];
    if (!collection || collection.fields[meta.field]) continue;
    collection.fields[meta.field] = {
      collection: meta.collection,
      field: meta.field,
      type: 'alias',
      schema: null,
      meta,
    };
  }

  const relations: RelationOverview[] = [];
  const metaByRelation = new Map(
    relationRows.map((r) => [`${r.many_collection}.${r.many_field}`, r]),
  );
  for (const fk of dbSchema.foreignKeys) {
    if (!collections[fk.table]) continue;
    const meta = metaByRelation.get(`${fk.table}.${fk.column}`) ?? null;
    metaByRelation.delete(`${fk.table}.${fk.column}`);
    relations.push({
      collection: fk.table,
      field: fk.column,
      related_collection: fk.foreignKeyTable,
      schema: relationSchema(fk),
      meta,
    });
  }
  for (const meta of metaByRelation.values()) {
    relations.push({
      collection: meta.many_collection,
      field: meta.many_field,
      related_collection: meta.one_collection,
      schema: null,
      meta,
    });
  }
  return { collections, relations };
}

const holder = globalThis as typeof globalThis & {
  __daasSchema?: { overview: Promise<SchemaOverview>; version: number };
};
let version = 0;
let listening = false;

function dropCachedSchema(): void {
  version++;
  holder.__daasSchema = undefined;
}

/** Drops the cached overview after a schema change here, and tells the other instances. */
export function invalidateSchema(): void {
  dropCachedSchema();
  publishSchemaChange();
}

/** The cached schema overview; built on first use and after each invalidation. */
export function getSchema(db: Db): Promise<SchemaOverview> {
  if (!listening) {
    listening = true;
    onSchemaChange(dropCachedSchema);
  }
  const cached = holder.__daasSchema;
  if (cached && cached.version === version) return cached.overview;
  const overview = buildOverview(db);
  const entry = { overview, version };
  holder.__daasSchema = entry;
  overview.catch(() => {
    if (holder.__daasSchema === entry) holder.__daasSchema = undefined;
  });
  return overview;
}

/**
 * The context with the overview as it is now: for a service that changed the schema (and
 * invalidated the cache) and reads it back in the same request, or for work that outlives
 * the moment its context was made (stored code calling back in). Over a transaction it is
 * introspected through that transaction, so it sees the changes not yet committed.
 */
export async function reloadSchema<C extends RequestContext>(ctx: C): Promise<C> {
  return { ...ctx, schema: await getSchema(ctx.db) };
}
