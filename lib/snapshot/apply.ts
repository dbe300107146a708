import 'server-only';
import { sql } from 'kysely';
import { forgetCollectionGrants, forgetFieldGrants } from '@/lib/access/grants';
import type { Db } from '@/lib/db/client';
import { watchTables } from '@/lib/db/write-notices';
import { lockDown } from '@/lib/schema/collections';
import { writeCollectionMeta } from '@/lib/schema/collection-meta';
import { applyColumn, defaultSql, literal } from '@/lib/schema/ddl';
import { createColumnIndex, upsertFieldMeta } from '@/lib/schema/field-write';
import { setColumnIndex, syncIndexes, tableColumns } from '@/lib/schema/indexes';
import type { FieldMetaInput, IndexSpec } from '@/lib/schema/payloads';
import { indexSpec } from '@/lib/schema/payloads';
import {
  addForeignKey,
  dropConstraint,
  foreignKeyName,
  type ReferentialAction,
} from '@/lib/schema/relation-ddl';
import { columnField, columnSql, same, type Change, type Plan } from './plan';
import type { JsonObject, SnapshotCollection, SnapshotField, SnapshotRelation } from './types';

const fieldKey = (f: SnapshotField) => ({ collection: f.collection, field: f.field });
const created = <T>(list: Change<T>[]) =>
  list.flatMap((c) => (c.kind === 'create' ? [c.item] : []));
const updated = <T>(list: Change<T>[]) => list.flatMap((c) => (c.kind === 'update' ? [c] : []));
const deleted = <T>(list: Change<T>[]) =>
  list.flatMap((c) => (c.kind === 'delete' ? [c.current] : []));

async function commentOn(
  db: Db,
  table: string,
  column: string,
  comment: string | null,
): Promise<void> {
  const text = sql.raw(comment ? literal(comment) : 'null');
  await sql`comment on column ${sql.id(table)}.${sql.id(column)} is ${text}`.execute(db);
}

async function createTable(db: Db, c: SnapshotCollection, fields: SnapshotField[]): Promise<void> {
  const columns = fields.filter((f) => f.collection === c.collection && f.schema);
  let table = db.schema.createTable(c.collection);
  for (const f of columns) {
    const column = columnField(f);
    table = table.addColumn(f.field, sql.raw(columnSql(f)), (col) => applyColumn(col, column));
  }
  await table.execute();
  await lockDown(db, c.collection);
  await watchTables(db, [c.collection]);
  for (const f of columns) {
    await createColumnIndex(db, c.collection, columnField(f));
    if (f.schema!.comment) await commentOn(db, c.collection, f.field, f.schema!.comment);
  }
}

async function addColumn(db: Db, f: SnapshotField): Promise<void> {
  const column = columnField(f);
  await db.schema
    .alterTable(f.collection)
    .addColumn(f.field, sql.raw(columnSql(f)), (col) => applyColumn(col, column))
    .execute();
  await createColumnIndex(db, f.collection, column);
  if (f.schema!.comment) await commentOn(db, f.collection, f.field, f.schema!.comment);
}

/** Type, default, nullability, uniqueness, index and comment, each only when it differs. */
async function alterColumn(db: Db, now: SnapshotField, f: SnapshotField): Promise<void> {
  const a = now.schema!;
  const b = f.schema!;
  const t = sql.id(f.collection);
  const c = sql.id(f.field);
  const type = columnSql(f);
  const typeChanged = type !== columnSql(now);
  const defaultChanged =
    !b.has_auto_increment && (typeChanged || !same(a.default_value, b.default_value));
  if (defaultChanged) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
  if (typeChanged) {
    await sql`alter table ${t} alter column ${c} type ${sql.raw(type)} using ${c}::${sql.raw(type)}`.execute(
      db,
    );
  }
  if (defaultChanged && b.default_value !== null) {
    const d = defaultSql(f.field, columnField(f).type, b.default_value);
    if (d) await sql`alter table ${t} alter column ${c} set default ${d}`.execute(db);
  }
  if (a.is_nullable !== b.is_nullable) {
    await (
      b.is_nullable
        ? sql`alter table ${t} alter column ${c} drop not null`
        : sql`alter table ${t} alter column ${c} set not null`
    ).execute(db);
  }
  const target = { table: f.collection, column: f.field };
  if (!b.is_primary_key && a.is_unique !== b.is_unique) {
    await setColumnIndex(db, { ...target, unique: true, present: b.is_unique });
  }
  if (!b.is_primary_key && (a.is_indexed !== b.is_indexed || a.is_unique !== b.is_unique)) {
    await setColumnIndex(db, { ...target, unique: false, present: b.is_indexed && !b.is_unique });
  }
  if ((a.comment ?? null) !== (b.comment ?? null))
    await commentOn(db, f.collection, f.field, b.comment);
}

function jsonColumns(meta: JsonObject, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...meta };
  for (const key of keys) if (out[key] != null) out[key] = JSON.stringify(out[key]);
  return out;
}

async function writeRelationMeta(db: Db, r: SnapshotRelation): Promise<void> {
  const { many_collection: _m, many_field: _f, ...meta } = r.meta ?? {};
  const values = jsonColumns(meta, ['one_allowed_collections']);
  const existing = await db
    .selectFrom('daas_relations')
    .select('id')
    .where('many_collection', '=', r.collection)
    .where('many_field', '=', r.field)
    .executeTakeFirst();
  if (existing) {
    if (!Object.keys(values).length) return;
    await db.updateTable('daas_relations').set(values).where('id', '=', existing.id).execute();
    return;
  }
  await db
    .insertInto('daas_relations')
    .values({
      one_collection: r.related_collection,
      ...values,
      many_collection: r.collection,
      many_field: r.field,
    })
    .execute();
}

async function addRelationKey(db: Db, r: SnapshotRelation): Promise<void> {
  const s = r.schema!;
  await addForeignKey(db, {
    table: r.collection,
    column: r.field,
    constraint: s.constraint_name || foreignKeyName(r.collection, r.field),
    foreignTable: s.foreign_key_table,
    foreignColumn: s.foreign_key_column,
    onDelete: s.on_delete as ReferentialAction,
    onUpdate: s.on_update as ReferentialAction,
  });
}

async function dropCollection(db: Db, c: SnapshotCollection): Promise<void> {
  const name = c.collection;
  if (c.schema) await sql`drop table if exists ${sql.id(name)} cascade`.execute(db);
  await db
    .deleteFrom('daas_relations')
    .where((eb) => eb.or([eb('many_collection', '=', name), eb('one_collection', '=', name)]))
    .execute();
  await db.deleteFrom('daas_fields').where('collection', '=', name).execute();
  await db.updateTable('daas_collections').set({ group: null }).where('group', '=', name).execute();
  await db.deleteFrom('daas_collections').where('collection', '=', name).execute();
  await forgetCollectionGrants(db, name);
}

function declaredIndexes(meta: JsonObject | null): IndexSpec[] {
  const parsed = indexSpec.array().safeParse(meta?.indexes);
  return parsed.success ? parsed.data : [];
}

/**
 * Runs a checked plan inside the caller's transaction: collections, then fields, then
 * relations; removals last and in reverse, so nothing is dropped while something needs it.
 */
export async function runPlan(db: Db, plan: Plan): Promise<void> {
  const newCollections = created(plan.collections);
  const newFields = created(plan.fields);
  const newNames = new Set(newCollections.map((c) => c.collection));

  for (const c of newCollections) if (c.schema) await createTable(db, c, newFields);
  // New collections and fields start with no grant, whatever earlier ones of their names left.
  for (const c of newCollections) await forgetCollectionGrants(db, c.collection);
  for (const f of newFields) await forgetFieldGrants(db, f.collection, [f.field]);
  for (const c of newCollections) {
    if (!c.meta) continue;
    const { indexes: _i, ...meta } = c.meta;
    await writeCollectionMeta(db, c.collection, meta);
  }
  for (const { current, item } of updated(plan.collections)) {
    if (!item.meta || same(current.meta, item.meta)) continue;
    const { indexes: _i, ...meta } = item.meta;
    await writeCollectionMeta(db, item.collection, meta);
  }

  for (const f of newFields) if (f.schema && !newNames.has(f.collection)) await addColumn(db, f);
  for (const { current, item } of updated(plan.fields)) {
    if (current.schema && item.schema) await alterColumn(db, current, item);
  }
  for (const f of newFields) {
    if (f.meta) await upsertFieldMeta(db, fieldKey(f), f.meta as FieldMetaInput);
  }
  for (const { current, item } of updated(plan.fields)) {
    if (item.meta && !same(current.meta, item.meta))
      await upsertFieldMeta(db, fieldKey(item), item.meta as FieldMetaInput);
  }
  // Multi-column indexes once every column of a new table is there.
  for (const c of newCollections) {
    const indexes = declaredIndexes(c.meta);
    if (!c.schema || !indexes.length) continue;
    const columns = newFields
      .filter((f) => f.collection === c.collection && f.schema)
      .map((f) => f.field);
    const declared = await syncIndexes(db, c.collection, columns, indexes);
    await writeCollectionMeta(db, c.collection, { indexes: declared });
  }
  // An existing table whose declared indexes changed: after its new columns, before drops
  // (dropping a column drops the indexes on it anyway).
  for (const { current, item } of updated(plan.collections)) {
    const wanted = declaredIndexes(item.meta);
    if (!item.schema || same(declaredIndexes(current.meta), wanted)) continue;
    const columns = await tableColumns(db, item.collection);
    const declared = await syncIndexes(db, item.collection, columns, wanted);
    // As the source has it when it declares none (null or []), so a second diff is empty.
    const stored = wanted.length ? declared : (item.meta?.indexes ?? null);
    await writeCollectionMeta(db, item.collection, { indexes: stored });
  }

  for (const r of created(plan.relations)) {
    if (r.schema) await addRelationKey(db, r);
    if (r.meta) await writeRelationMeta(db, r);
  }
  for (const { current, item } of updated(plan.relations)) {
    if (item.schema && !same(current.schema, item.schema)) {
      if (current.schema) await dropConstraint(db, item.collection, current.schema.constraint_name);
      await addRelationKey(db, item);
    }
    if (item.meta && !same(current.meta, item.meta)) await writeRelationMeta(db, item);
  }

  const droppedNames = new Set(deleted(plan.collections).map((c) => c.collection));
  for (const r of deleted(plan.relations)) {
    if (r.schema && !droppedNames.has(r.collection))
      await dropConstraint(db, r.collection, r.schema.constraint_name);
    await db
      .deleteFrom('daas_relations')
      .where('many_collection', '=', r.collection)
      .where('many_field', '=', r.field)
      .execute();
  }
  for (const f of deleted(plan.fields)) {
    if (droppedNames.has(f.collection)) continue;
    if (f.schema)
      await sql`alter table ${sql.id(f.collection)} drop column ${sql.id(f.field)}`.execute(db);
    await db
      .deleteFrom('daas_fields')
      .where('collection', '=', f.collection)
      .where('field', '=', f.field)
      .execute();
    await forgetFieldGrants(db, f.collection, [f.field]);
  }
  for (const c of deleted(plan.collections)) await dropCollection(db, c);
}
