import 'server-only';
import { sql } from 'kysely';
import { forgetCollectionGrants, forgetFieldGrants } from '@/lib/access/grants';
import { invalidatePermissionsCache } from '@/lib/access/permissions';
import { schemaAccess, type SchemaAccess } from '@/lib/access/readable';
import type { Db } from '@/lib/db/client';
import { watchTables } from '@/lib/db/write-notices';
import type { RequestContext } from '@/lib/core/context';
import {
  ConflictError,
  fieldError,
  InvalidPayloadError,
  nestedFieldError,
} from '@/lib/core/errors';
import { applyColumn, dataType, literal, type ColumnField } from './ddl';
import { schemaChangeError } from './ddl-errors';
import { createColumnIndex, planField, upsertFieldMeta } from './field-write';
import { assertWritable, readableCollection, visibleFields } from './fields';
import { assertIdentifier } from './identifiers';
import { syncIndexes } from './indexes';
import { titleCase } from './title';
import { writeCollectionMeta } from './collection-meta';
import { invalidateSchema, reloadSchema, type CollectionOverview } from './overview';
import type {
  CollectionCreateInput,
  CollectionUpdateInput,
  FieldCreateInput,
  ListInput,
} from './payloads';

export interface CollectionResource {
  collection: string;
  meta: (Record<string, unknown> & { indexes: CollectionOverview['indexes'] }) | null;
  schema: CollectionOverview['schema'];
  system: boolean;
  type: 'table' | 'view';
}

/**
 * The API shape; `meta.indexes` is what the database has, not what was last declared. A
 * non-administrator sees only the indexes over fields it may read (an index names them).
 */
export function presentCollection(
  c: CollectionOverview,
  access?: SchemaAccess,
): CollectionResource {
  const indexes =
    !access || access.admin
      ? c.indexes
      : c.indexes.filter((i) => i.fields.every((f) => access.field(c.collection, f)));
  return {
    collection: c.collection,
    meta: c.meta ? { ...c.meta, indexes } : null,
    schema: c.schema,
    system: c.system,
    type: c.type,
  };
}

export async function listCollections(
  _input: ListInput<never>,
  ctx: RequestContext,
): Promise<CollectionResource[]> {
  const schema = ctx.schema;
  const access = await schemaAccess(ctx);
  return Object.values(schema.collections)
    .filter((c) => access.collection(c.collection))
    .map((c) => presentCollection(c, access));
}

export async function readCollection(
  input: { params: { name: string } },
  ctx: RequestContext,
): Promise<CollectionResource> {
  const access = await schemaAccess(ctx);
  return presentCollection(await readableCollection(ctx, input.params.name, access), access);
}

/** The table's columns the caller may read. */
export async function readRawColumns(input: { params: { name: string } }, ctx: RequestContext) {
  const access = await schemaAccess(ctx);
  const collection = await readableCollection(ctx, input.params.name, access);
  return visibleFields(collection, access)
    .filter((f) => f.schema)
    .map((f) => ({
      field: f.field,
      name: titleCase(f.field),
      type: f.type,
      nullable: f.schema!.is_nullable,
      default_value: f.schema!.default_value === null ? null : String(f.schema!.default_value),
      is_primary_key: f.schema!.is_primary_key,
      schema: collection.schema?.schema ?? 'public',
      table: f.schema!.table,
    }));
}

const DEFAULT_ID: FieldCreateInput = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
  meta: { hidden: true, readonly: true, interface: 'input' },
};

function planFields(body: CollectionCreateInput, folder: boolean) {
  const payloads = [...(body.fields ?? [])];
  const hasKey = payloads.some((f) => f.schema?.is_primary_key);
  if (!folder && !hasKey) {
    if (payloads.some((f) => f.field === 'id')) {
      throw new InvalidPayloadError(
        'A collection needs a primary key: mark one field schema.is_primary_key',
      );
    }
    payloads.unshift(DEFAULT_ID);
  }
  const seen = new Set<string>();
  // The default key, when added, is not in the body: indexes point into `body.fields`.
  const added = payloads.length - (body.fields?.length ?? 0);
  const plans = payloads.map((p, i) => {
    if (seen.has(p.field)) {
      throw fieldError(InvalidPayloadError, `Field "${p.field}" is listed twice`, {
        field: 'fields',
        path: ['fields', i - added, 'field'],
        type: 'unique',
        message: 'Is listed twice',
      });
    }
    seen.add(p.field);
    try {
      return { field: p.field, ...planField(p) };
    } catch (err) {
      throw nestedFieldError(err, ['fields', i - added]);
    }
  });
  if (plans.filter((p) => p.column?.schema?.is_primary_key).length > 1) {
    throw new InvalidPayloadError('A collection can have only one primary key field');
  }
  if (folder && plans.some((p) => p.column)) {
    throw new InvalidPayloadError(
      'A folder (schema null) has no table: only alias fields are allowed',
    );
  }
  return plans;
}

/** Row-level security on: only the service's own role has a policy; API roles get nothing. */
export async function lockDown(db: Db, table: string): Promise<void> {
  const me = await sql<{ name: string }>`select current_user as name`.execute(db);
  const t = sql.id(table);
  await sql`alter table ${t} enable row level security`.execute(db);
  await sql`create policy daas_service_all on ${t} for all to ${sql.id(me.rows[0].name)} using (true) with check (true)`.execute(
    db,
  );
  const roles = await sql<{ rolname: string }>`
    select rolname from pg_roles where rolname in ('anon', 'authenticated')`.execute(db);
  if (roles.rows.length) {
    await sql`revoke all on ${t} from ${sql.join(roles.rows.map((r) => sql.id(r.rolname)))}`.execute(
      db,
    );
  }
}

export async function createCollection(
  input: { body: CollectionCreateInput },
  ctx: RequestContext,
): Promise<CollectionResource> {
  const body = input.body;
  const name = assertIdentifier(body.collection, 'collection');
  const folder = body.schema === null;
  const plans = planFields(body, folder);
  const existing = ctx.schema;
  if (Object.hasOwn(existing.collections, name)) {
    throw fieldError(ConflictError, `Collection "${name}" already exists`, {
      field: 'collection',
      type: 'unique',
      message: 'Already exists',
    });
  }
  if (folder && body.meta?.indexes?.length) {
    throw new InvalidPayloadError('A folder (schema null) has no table to index');
  }
  const columns = plans.flatMap((p) => (p.column ? [p.column] : []));
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!folder) {
        let table = trx.schema.createTable(name);
        for (const c of columns) {
          const column: ColumnField = c;
          table = table.addColumn(c.field, dataType(c), (col) => applyColumn(col, column));
        }
        await table.execute();
        if (body.schema?.comment) {
          await sql`comment on table ${sql.id(name)} is ${sql.raw(literal(body.schema.comment))}`.execute(
            trx,
          );
        }
        await lockDown(trx, name);
        await watchTables(trx, [name]);
        for (const c of columns) await createColumnIndex(trx, name, c);
      }
      const { indexes, ...meta } = body.meta ?? {};
      const declared = indexes?.length
        ? await syncIndexes(
            trx,
            name,
            columns.map((c) => c.field),
            indexes,
          )
        : undefined;
      await writeCollectionMeta(trx, name, { ...meta, ...(declared && { indexes: declared }) });
      // A new collection starts with no grant, whatever an earlier one of its name left.
      await forgetCollectionGrants(trx, name);
      for (const p of plans) {
        if (p.meta) await upsertFieldMeta(trx, { collection: name, field: p.field }, p.meta);
      }
    });
  } catch (err) {
    throw schemaChangeError(err, `Cannot create collection "${name}"`);
  }
  invalidateSchema();
  invalidatePermissionsCache();
  return readCollection({ params: { name } }, await reloadSchema(ctx));
}

async function applyUpdate(
  db: Db,
  collection: CollectionOverview,
  body: CollectionUpdateInput,
): Promise<void> {
  const name = collection.collection;
  assertWritable(collection);
  if (body.collection !== undefined && body.collection !== name) {
    throw new InvalidPayloadError('Renaming a collection is not supported');
  }
  if (body.schema && collection.type === 'view') {
    throw new InvalidPayloadError(`Collection "${name}" is a view: its schema is read-only`);
  }
  if (body.schema && 'comment' in body.schema && collection.schema) {
    const comment = body.schema.comment;
    await sql`comment on table ${sql.id(name)} is ${sql.raw(comment ? literal(comment) : 'null')}`.execute(
      db,
    );
  }
  if (!body.meta) return;
  const { indexes, ...meta } = body.meta;
  let declared: unknown[] | null | undefined;
  if (indexes !== undefined) {
    if (!collection.schema || collection.type === 'view') {
      throw new InvalidPayloadError(`Collection "${name}" has no table to index`);
    }
    const columns = Object.values(collection.fields).flatMap((f) => (f.schema ? [f.field] : []));
    declared = await syncIndexes(db, name, columns, indexes ?? []);
  }
  await writeCollectionMeta(db, name, {
    ...meta,
    ...(declared !== undefined && { indexes: declared }),
  });
}

export async function updateCollection(
  input: { params: { name: string }; body: CollectionUpdateInput },
  ctx: RequestContext,
): Promise<CollectionResource> {
  const collection = await readableCollection(ctx, input.params.name);
  try {
    await ctx.db.transaction().execute((trx) => applyUpdate(trx, collection, input.body));
  } catch (err) {
    throw schemaChangeError(err, `Cannot update collection "${collection.collection}"`);
  }
  invalidateSchema();
  return readCollection({ params: { name: collection.collection } }, await reloadSchema(ctx));
}

export async function updateCollections(
  input: { body: { collection: string; meta?: CollectionUpdateInput['meta'] }[] },
  ctx: RequestContext,
): Promise<CollectionResource[]> {
  const targets: CollectionOverview[] = [];
  for (const item of input.body) targets.push(await readableCollection(ctx, item.collection));
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, item] of input.body.entries()) await applyUpdate(trx, targets[i], item);
    });
  } catch (err) {
    throw schemaChangeError(err, 'Cannot update collections');
  }
  invalidateSchema();
  const fresh = await reloadSchema(ctx);
  const out = [];
  for (const t of targets)
    out.push(await readCollection({ params: { name: t.collection } }, fresh));
  return out;
}

export async function deleteCollection(
  input: { params: { name: string } },
  ctx: RequestContext,
): Promise<void> {
  const collection = await readableCollection(ctx, input.params.name);
  const name = collection.collection;
  assertWritable(collection);
  if (collection.type === 'view') {
    throw new InvalidPayloadError(`Collection "${name}" is a view: drop it in the database`);
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (collection.schema) await sql`drop table ${sql.id(name)} cascade`.execute(trx);
      // o2m aliases elsewhere that list this collection's rows go with it.
      const pointing = await trx
        .selectFrom('daas_relations')
        .select(['one_collection', 'one_field'])
        .where('many_collection', '=', name)
        .where('one_collection', '!=', name)
        .where('one_field', 'is not', null)
        .execute();
      for (const r of pointing) {
        await trx
          .deleteFrom('daas_fields')
          .where('collection', '=', r.one_collection!)
          .where('field', '=', r.one_field!)
          .execute();
        await forgetFieldGrants(trx, r.one_collection!, [r.one_field!]);
      }
      await trx
        .deleteFrom('daas_relations')
        .where((eb) => eb.or([eb('many_collection', '=', name), eb('one_collection', '=', name)]))
        .execute();
      await trx.deleteFrom('daas_fields').where('collection', '=', name).execute();
      await trx
        .updateTable('daas_collections')
        .set({ group: null })
        .where('group', '=', name)
        .execute();
      await trx.deleteFrom('daas_collections').where('collection', '=', name).execute();
      // A later collection of the same name must not inherit these grants.
      await forgetCollectionGrants(trx, name);
    });
  } catch (err) {
    throw schemaChangeError(err, `Cannot delete collection "${name}"`);
  }
  invalidateSchema();
  // Every worker and instance: a cached grant would outlive the rows just deleted.
  invalidatePermissionsCache();
}
