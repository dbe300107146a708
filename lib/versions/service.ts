import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  ConflictError,
  fieldError,
  ForbiddenError,
  InvalidPayloadError,
  NotFoundError,
  VersionOutdatedError,
} from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { translateDbError } from '@/lib/db/errors';
import { emitter } from '@/lib/events/emitter';
import { type ReadAccess } from '@/lib/items/read/read-access';
import * as write from '@/lib/items/write/service';
import type { SchemaOverview } from '@/lib/schema/overview';
import {
  type Item,
  type Key,
  VERSIONS,
  itemKey,
  mainHash,
  mayUpdate,
  parseDelta,
  readVersion,
  readableDelta,
  seenVersion,
  shownVersion,
  versionNotFound,
  versionedCollection,
} from './read';

/** Writes of content versions: create, rename, delete, save into the draft, promote. */

const versionKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
  .refine((k) => k !== 'main', 'The key "main" is reserved');
const delta = z.record(z.string(), z.unknown());

const newVersion = z
  .object({
    key: versionKey,
    name: z.string().max(255).nullable().optional(),
    collection: z.string().min(1).max(64),
    item: z.union([z.string().min(1).max(255), z.number()]),
    delta: delta.nullable().optional(),
  })
  .strict();
export const createVersionsBody = z.union([newVersion, z.array(newVersion).min(1).max(100)]);
export const versionChange = z
  .object({ key: versionKey, name: z.string().max(255).nullable() })
  .partial()
  .strict();
export const saveBody = delta;
export const promoteBody = z
  .object({ mainHash: z.string().min(1).max(128), fields: z.array(z.string().max(64)).optional() })
  .strict();
export const versionParams = z.object({ id: z.string().min(1).max(255) });

function uniqueKey(): AppError {
  return fieldError(ConflictError, 'A version with this key already exists for this item', {
    field: 'key',
    type: 'unique',
    message: 'A version with this key already exists for this item',
  });
}

function translated(err: unknown): unknown {
  const e = err as { code?: unknown };
  if (e.code === '23505') return uniqueKey();
  return translateDbError(err) ?? err;
}

function checkWritable(fields: Set<string> | '*', data: Item, collection: string): void {
  if (fields === '*') return;
  const denied = Object.keys(data).find((f) => !fields.has(f));
  if (denied) {
    throw new ForbiddenError(`You don't have permission to change "${denied}" in "${collection}"`);
  }
}

function checkFieldsExist(schema: SchemaOverview, collection: string, data: Item): void {
  const c = schema.collections[collection];
  const unknown = Object.keys(data).find((f) => !Object.hasOwn(c.fields, f));
  if (unknown) {
    throw new InvalidPayloadError(`Field "${unknown}" doesn't exist in collection "${collection}"`);
  }
}

async function createOne(body: z.infer<typeof newVersion>, ctx: RequestContext): Promise<string> {
  const schema = ctx.schema;
  const c = versionedCollection(schema, body.collection);
  if (!c) throw new InvalidPayloadError(`Collection "${body.collection}" can't have versions`);
  const key = await itemKey(schema, body.collection, body.item);
  if (key === null) throw new NotFoundError('Item not found');
  const fields = await mayUpdate(ctx, { schema, collection: body.collection, key });
  if (body.delta) {
    checkFieldsExist(schema, body.collection, body.delta);
    checkWritable(fields, body.delta, body.collection);
  }
  const hooks = { schema, accountability: ctx.accountability, resourceUri: ctx.scope };
  const payload = await emitter().emitFilter(
    'versions.create',
    { ...body, item: String(key) },
    { collection: VERSIONS },
    hooks,
  );
  const hash = await mainHash(ctx.db, { collection: body.collection, pk: c.primary, key });
  let id: string;
  try {
    const { rows } = await sql<{ id: string }>`insert into daas_versions
      (key, name, collection, item, hash, delta, user_created)
      values (${payload.key}, ${payload.name ?? null}, ${body.collection}, ${String(key)},
        ${hash}, ${payload.delta ? JSON.stringify(payload.delta) : null}::jsonb, ${ctx.accountability.user})
      returning id`.execute(ctx.db);
    id = rows[0].id;
  } catch (err) {
    throw translated(err);
  }
  emitter().emitAction(
    'versions.create',
    { collection: VERSIONS, key: id, payload: { ...payload, hash } },
    hooks,
  );
  return id;
}

/** POST /api/versions: one object or an array; answers the created version(s). */
export async function createVersions(
  input: { body: z.infer<typeof createVersionsBody> },
  ctx: RequestContext,
) {
  const many = Array.isArray(input.body);
  const bodies = many
    ? (input.body as z.infer<typeof newVersion>[])
    : [input.body as z.infer<typeof newVersion>];
  const shown: Item[] = [];
  for (const b of bodies) {
    const id = await createOne(b, ctx);
    shown.push(await shownVersion(ctx, await seenVersion(ctx, id)));
  }
  return many ? shown : shown[0];
}

async function updateOne(id: string, data: z.infer<typeof versionChange>, ctx: RequestContext) {
  const s = await seenVersion(ctx, id);
  await mayUpdate(ctx, {
    schema: ctx.schema,
    collection: s.row.collection,
    key: s.key,
  });
  if (data.key === undefined && data.name === undefined) return;
  try {
    await sql`update daas_versions set
      key = ${data.key ?? s.row.key},
      name = ${data.name === undefined ? s.row.name : data.name},
      date_updated = now(), user_updated = ${ctx.accountability.user}
      where id = ${s.row.id}`.execute(ctx.db);
  } catch (err) {
    throw translated(err);
  }
}

/** PATCH /api/versions/:id (key and name; the delta changes through save). */
export async function updateVersion(
  input: { params: { id: string }; body: z.infer<typeof versionChange> },
  ctx: RequestContext,
) {
  await updateOne(input.params.id, input.body, ctx);
  return readVersion(input, ctx);
}

export const batchUpdateBody = z
  .object({ keys: z.array(z.string().max(255)).min(1).max(100), data: versionChange })
  .strict();
export const batchDeleteBody = z.union([
  z.array(z.string().max(255)).min(1).max(100),
  z.object({ keys: z.array(z.string().max(255)).min(1).max(100) }).strict(),
]);

export async function updateVersions(
  input: { body: z.infer<typeof batchUpdateBody> },
  ctx: RequestContext,
) {
  const out: Item[] = [];
  for (const id of input.body.keys) {
    await updateOne(id, input.body.data, ctx);
    out.push(await readVersion({ params: { id } }, ctx));
  }
  return out;
}

async function removeOne(id: string, ctx: RequestContext): Promise<void> {
  const s = await seenVersion(ctx, id);
  await mayUpdate(ctx, {
    schema: ctx.schema,
    collection: s.row.collection,
    key: s.key,
  });
  await sql`delete from daas_versions where id = ${s.row.id}`.execute(ctx.db);
}

export async function deleteVersion(input: { params: { id: string } }, ctx: RequestContext) {
  await removeOne(input.params.id, ctx);
}

export async function deleteVersions(
  input: { body: z.infer<typeof batchDeleteBody> },
  ctx: RequestContext,
) {
  const ids = Array.isArray(input.body) ? input.body : input.body.keys;
  for (const id of ids) await removeOne(id, ctx);
}

/** POST /api/versions/:id/save: merges a partial item into the delta; answers the merged item. */
export async function saveVersion(
  input: { params: { id: string }; body: Item },
  ctx: RequestContext,
): Promise<Item> {
  const s = await seenVersion(ctx, input.params.id);
  const schema = ctx.schema;
  const fields = await mayUpdate(ctx, { schema, collection: s.row.collection, key: s.key });
  checkFieldsExist(schema, s.row.collection, input.body);
  checkWritable(fields, input.body, s.row.collection);
  const merged = { ...parseDelta(s.row.delta), ...input.body };
  await sql`update daas_versions set delta = ${JSON.stringify(merged)}::jsonb,
    date_updated = now(), user_updated = ${ctx.accountability.user}
    where id = ${s.row.id}`.execute(ctx.db);
  const shown = await readableDelta(ctx, { ...s, collection: s.row.collection, delta: merged });
  return { ...s.main, ...shown };
}

/** GET /api/versions/:id/compare: `{current, main, mainHash, outdated}`. */
export async function compareVersion(input: { params: { id: string } }, ctx: RequestContext) {
  const s = await seenVersion(ctx, input.params.id);
  const hash = await mainHash(ctx.db, { collection: s.row.collection, pk: s.pk, key: s.key });
  const current = await readableDelta(ctx, {
    ...s,
    collection: s.row.collection,
    delta: s.row.delta,
  });
  return { outdated: s.row.hash !== hash, mainHash: hash, current, main: s.main };
}

/**
 * POST /api/versions/:id/promote: writes the delta (or the fields named) to the main item
 * through the items service as the caller, in one transaction that first checks the main
 * item is still the one compared (`mainHash`; 409 otherwise, nothing written).
 */
export async function promoteVersion(
  input: { params: { id: string }; body: z.infer<typeof promoteBody> },
  ctx: RequestContext,
): Promise<Key> {
  const s = await seenVersion(ctx, input.params.id);
  const schema = ctx.schema;
  await mayUpdate(ctx, { schema, collection: s.row.collection, key: s.key });
  const values = parseDelta(s.row.delta);
  const names = input.body.fields ?? Object.keys(values);
  const payload = Object.fromEntries(
    names.filter((f) => Object.hasOwn(values, f)).map((f) => [f, values[f]]),
  );
  if (!Object.keys(payload).length) throw new InvalidPayloadError('No changes to promote');
  const before = async (db: Db) => {
    const now = await mainHash(db, {
      collection: s.row.collection,
      pk: s.pk,
      key: s.key,
      lock: true,
    });
    if (now !== input.body.mainHash) throw new VersionOutdatedError();
  };
  return write.updateOne(s.row.collection, s.key, payload, ctx, { before });
}

/**
 * The item as `?version=<key>` shows it: the main item (already read through the caller's
 * rules) with the version's delta over it, only the fields the caller may read.
 */
export async function withVersion(
  ctx: RequestContext,
  input: {
    collection: string;
    id: string;
    version: string;
    item: Item;
    readAccess: ReadAccess | undefined;
  },
): Promise<Item> {
  if (input.version === 'main') return input.item;
  const { rows } = await sql<{
    delta: unknown;
  }>`select delta from daas_versions where collection = ${input.collection} and item = ${input.id} and key = ${input.version}`.execute(
    ctx.db,
  );
  if (!rows.length) throw versionNotFound();
  const shown = await readableDelta(ctx, {
    collection: input.collection,
    key: input.id,
    readAccess: input.readAccess,
    delta: rows[0].delta,
  });
  return { ...input.item, ...shown };
}
