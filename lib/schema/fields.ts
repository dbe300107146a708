import 'server-only';
import { sql } from 'kysely';
import { forgetFieldGrants } from '@/lib/access/grants';
import { invalidatePermissionsCache } from '@/lib/access/permissions';
import { schemaAccess, type SchemaAccess } from '@/lib/access/readable';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import {
  ConflictError,
  fieldError,
  ForbiddenError,
  InvalidPayloadError,
  NotFoundError,
} from '@/lib/core/errors';
import { applyColumn, dataType } from './ddl';
import { schemaChangeError } from './ddl-errors';
import { createColumnIndex, planField, upsertFieldMeta } from './field-write';
import {
  invalidateSchema,
  reloadSchema,
  type CollectionOverview,
  type FieldOverview,
} from './overview';
import type { FieldCreateInput, LimitQuery, ListInput } from './payloads';

function capped<T>(list: T[], query: LimitQuery | undefined): T[] {
  const limit = query?.limit;
  return limit === undefined || limit < 0 ? list : list.slice(0, limit);
}

/** A collection the caller may read, or 404 (unknown and unreadable look the same). */
export async function readableCollection(
  ctx: RequestContext,
  name: string,
  access?: SchemaAccess,
): Promise<CollectionOverview> {
  const schema = ctx.schema;
  const collection = Object.hasOwn(schema.collections, name) ? schema.collections[name] : undefined;
  if (!collection || !(access ?? (await schemaAccess(ctx))).collection(name)) {
    throw new NotFoundError(`Collection "${name}" doesn't exist`);
  }
  return collection;
}

/** The fields of a collection the caller may read (all of them for an administrator). */
export function visibleFields(
  collection: CollectionOverview,
  access: SchemaAccess,
): FieldOverview[] {
  const all = Object.values(collection.fields);
  return access.admin ? all : all.filter((f) => access.field(collection.collection, f.field));
}

function noSuchField(collection: CollectionOverview, name: string): Error {
  return new NotFoundError(
    `Field "${name}" doesn't exist in collection "${collection.collection}"`,
  );
}

export function fieldOf(collection: CollectionOverview, name: string): FieldOverview {
  const field = Object.hasOwn(collection.fields, name) ? collection.fields[name] : undefined;
  if (!field) throw noSuchField(collection, name);
  return field;
}

/** Collections whose tables belong to the service's own migrations are not reshaped here. */
export function assertWritable(collection: CollectionOverview): void {
  if (collection.system) {
    throw new ForbiddenError(`System collection "${collection.collection}" can't be changed`);
  }
}

export async function readAllFields(input: ListInput, ctx: RequestContext) {
  const schema = ctx.schema;
  const access = await schemaAccess(ctx);
  const all = Object.values(schema.collections)
    .filter((c) => access.collection(c.collection))
    .flatMap((c) => visibleFields(c, access));
  return capped(all, input.query);
}

export async function readCollectionFields(
  input: ListInput & { params: { collection: string } },
  ctx: RequestContext,
): Promise<FieldOverview[]> {
  const access = await schemaAccess(ctx);
  const collection = await readableCollection(ctx, input.params.collection, access);
  return capped(visibleFields(collection, access), input.query);
}

/** One field the caller may read; an unreadable field is the same 404 as a missing one. */
export async function readField(
  input: { params: { collection: string; field: string } },
  ctx: RequestContext,
): Promise<FieldOverview> {
  const access = await schemaAccess(ctx);
  const collection = await readableCollection(ctx, input.params.collection, access);
  const field = fieldOf(collection, input.params.field);
  if (!access.field(collection.collection, field.field)) throw noSuchField(collection, field.field);
  return field;
}

/** Adds one field: a column (plus metadata) or, for an alias, a metadata row only. */
export async function addField(
  db: Db,
  collection: CollectionOverview,
  payload: FieldCreateInput,
): Promise<void> {
  const plan = planField(payload);
  const name = payload.field;
  if (Object.hasOwn(collection.fields, name)) {
    throw fieldError(
      ConflictError,
      `Field "${name}" already exists in collection "${collection.collection}"`,
      { field: 'field', type: 'unique', message: 'Already exists in this collection' },
    );
  }
  if (plan.column) {
    if (!collection.schema) {
      throw new InvalidPayloadError(
        `Collection "${collection.collection}" is a folder without a table: only alias fields can be added`,
      );
    }
    if (collection.type === 'view') {
      throw new InvalidPayloadError(
        `Collection "${collection.collection}" is a view: columns can't be added`,
      );
    }
    if (plan.column.schema?.is_primary_key && collection.primary) {
      throw new InvalidPayloadError(
        `Collection "${collection.collection}" already has a primary key`,
      );
    }
    const column = plan.column;
    await db.schema
      .alterTable(collection.collection)
      .addColumn(column.field, dataType(column), (col) => applyColumn(col, column))
      .execute();
    await createColumnIndex(db, collection.collection, column);
  }
  if (plan.meta)
    await upsertFieldMeta(db, { collection: collection.collection, field: name }, plan.meta);
  // A new field starts with no grant, whatever an earlier field of its name left behind.
  await forgetFieldGrants(db, collection.collection, [name]);
}

export async function createField(
  input: { params: { collection: string }; body: FieldCreateInput },
  ctx: RequestContext,
): Promise<FieldOverview> {
  const collection = await readableCollection(ctx, input.params.collection);
  assertWritable(collection);
  if (input.body.collection && input.body.collection !== collection.collection) {
    throw new InvalidPayloadError('"collection" in the body does not match the path');
  }
  try {
    await ctx.db.transaction().execute((trx) => addField(trx, collection, input.body));
  } catch (err) {
    throw schemaChangeError(err, `Cannot add field "${input.body.field}"`);
  }
  invalidateSchema();
  invalidatePermissionsCache();
  const fresh = await reloadSchema(ctx);
  return readField(
    { params: { collection: collection.collection, field: input.body.field } },
    fresh,
  );
}

/** Removes the relation rows a field is the many side of, and the o2m aliases pointing back. */
async function forgetRelations(db: Db, collection: string, field: string): Promise<void> {
  const rows = await db
    .selectFrom('daas_relations')
    .selectAll()
    .where('many_collection', '=', collection)
    .where('many_field', '=', field)
    .execute();
  for (const r of rows) {
    if (r.one_collection && r.one_field) {
      await db
        .deleteFrom('daas_fields')
        .where('collection', '=', r.one_collection)
        .where('field', '=', r.one_field)
        .execute();
      await forgetFieldGrants(db, r.one_collection, [r.one_field]);
    }
  }
  await db
    .deleteFrom('daas_relations')
    .where('many_collection', '=', collection)
    .where('many_field', '=', field)
    .execute();
  // An o2m alias going away leaves the relation, without its "one" side field.
  await db
    .updateTable('daas_relations')
    .set({ one_field: null })
    .where('one_collection', '=', collection)
    .where('one_field', '=', field)
    .execute();
}

export async function deleteField(
  input: { params: { collection: string; field: string } },
  ctx: RequestContext,
): Promise<void> {
  const collection = await readableCollection(ctx, input.params.collection);
  const field = fieldOf(collection, input.params.field);
  assertWritable(collection);
  if (field.schema?.is_primary_key) throw new InvalidPayloadError('Cannot delete primary key');
  if (field.schema && collection.type === 'view') {
    throw new InvalidPayloadError(
      `Collection "${collection.collection}" is a view: columns can't be dropped`,
    );
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (field.schema) {
        await sql`alter table ${sql.id(collection.collection)} drop column ${sql.id(field.field)}`.execute(
          trx,
        );
      }
      await trx
        .deleteFrom('daas_fields')
        .where('collection', '=', collection.collection)
        .where('field', '=', field.field)
        .execute();
      await forgetRelations(trx, collection.collection, field.field);
      await forgetFieldGrants(trx, collection.collection, [field.field]);
    });
  } catch (err) {
    throw schemaChangeError(err, `Cannot delete field "${field.field}"`);
  }
  invalidateSchema();
  invalidatePermissionsCache();
}
