import 'server-only';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { permissionOf, readPolicyFor } from '@/lib/items/access';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidPayloadError,
  NotFoundError,
  VersionOutdatedError,
} from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { translateDbError } from '@/lib/db/errors';
import { emitter } from '@/lib/events/emitter';
import { emptyQuery, parseQuery, type ItemsQueryInput, type RawQuery } from '@/lib/items/parse';
import { allowsField, type ReadPolicy } from '@/lib/items/read/policy';
import * as read from '@/lib/items/read/service';
import { coerceKey } from '@/lib/items/write/validate';
import * as write from '@/lib/items/write/service';
import { getSchema, SYSTEM_PREFIX, type SchemaOverview } from '@/lib/schema/overview';

/**
 * Content versions (Directus 11 shapes): a named draft of one item, stored as a delta over
 * it. Versions are governed by the item's own permissions: reading one needs the item to be
 * readable (its delta shows only readable fields), creating, saving, promoting, renaming and
 * deleting one need update permission on the item. A version of an item the caller can't
 * read answers exactly as a version that doesn't exist.
 */

type Item = Record<string, unknown>;
type Key = string | number;

export const VERSIONS = 'daas_versions';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface VersionRow {
  id: string;
  key: string;
  name: string | null;
  collection: string;
  item: string;
  hash: string | null;
  delta: unknown;
  date_created: unknown;
  date_updated: unknown;
  user_created: string | null;
  user_updated: string | null;
}

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

/** The same answer for a version that doesn't exist and one the caller can't see. */
function versionNotFound(): AppError {
  return new NotFoundError('Version not found');
}

function parseDelta(raw: unknown): Item {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Item) : {};
}

/** A user collection with a primary key: the only kind an item version can belong to. */
function versionedCollection(schema: SchemaOverview, collection: string) {
  const c = Object.hasOwn(schema.collections, collection)
    ? schema.collections[collection]
    : undefined;
  if (!c || !c.schema || !c.primary || collection.startsWith(SYSTEM_PREFIX)) return null;
  return c as typeof c & { primary: string };
}

async function itemKey(schema: SchemaOverview, collection: string, raw: unknown) {
  const c = versionedCollection(schema, collection);
  if (!c) return null;
  return coerceKey(c.fields[c.primary], raw);
}

/**
 * The fingerprint of the main item: every stored column, whoever asks, so a change that
 * the caller can't read still makes a version outdated. Locks the row inside a write.
 */
export async function mainHash(
  db: Db,
  input: { collection: string; pk: string; key: Key; lock?: boolean },
): Promise<string | null> {
  const lock = input.lock ? sql`for update` : sql``;
  const { rows } = await sql<{
    j: string;
  }>`select to_jsonb(t)::text as j from ${sql.id(input.collection)} as t where ${sql.id(input.pk)} = ${input.key} ${lock}`.execute(
    db,
  );
  if (!rows.length) return null;
  return crypto.createHash('sha256').update(rows[0].j).digest('hex');
}

interface Seen {
  row: VersionRow;
  key: Key;
  pk: string;
  policy: ReadPolicy | undefined;
  /** The main item as the caller may read it. */
  main: Item;
}

/** The caller's read policy on a collection, or null when it may not read it at all. */
async function readPolicy(ctx: RequestContext, schema: SchemaOverview, collection: string) {
  try {
    return { policy: await readPolicyFor(ctx, schema, collection) };
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 401)) return null;
    throw err;
  }
}

/** The main item through the caller's read rules; null when absent or hidden from it. */
async function mainItem(
  ctx: RequestContext,
  input: { collection: string; key: Key; policy: ReadPolicy | undefined },
): Promise<Item | null> {
  const query = { ...emptyQuery(), fields: ['*'] };
  const items = await read.readMany(input.collection, [input.key], query, ctx, {
    policy: input.policy,
  });
  return items[0] ?? null;
}

/**
 * Of a stored delta, the fields the caller may read on this item (field permissions,
 * per-row grants of several policies): a delta is stored JSON, not read through the plan.
 */
export async function readableDelta(
  ctx: RequestContext,
  input: { collection: string; key: Key; policy: ReadPolicy | undefined; delta: unknown },
): Promise<Item> {
  const values = parseDelta(input.delta);
  const { collection, policy } = input;
  const names = Object.keys(values).filter(
    (field) => !policy || allowsField(policy(collection), field),
  );
  const shown = await read.fieldsReadableOn(
    { collection, id: input.key, fields: names, policy },
    ctx,
  );
  return Object.fromEntries(shown.map((f) => [f, values[f]]));
}

async function storedVersion(db: Db, id: string): Promise<VersionRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await sql<VersionRow>`select * from daas_versions where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** A version the caller may see (its item readable), or the one 404 for everything else. */
async function seenVersion(ctx: RequestContext, id: string): Promise<Seen> {
  const row = await storedVersion(ctx.db, id);
  if (!row) throw versionNotFound();
  return seen(ctx, row);
}

async function seen(ctx: RequestContext, row: VersionRow): Promise<Seen> {
  const schema = await getSchema(ctx.db);
  const c = versionedCollection(schema, row.collection);
  const key = await itemKey(schema, row.collection, row.item);
  if (!c || key === null) throw versionNotFound();
  const access = await readPolicy(ctx, schema, row.collection);
  if (!access) throw versionNotFound();
  const main = await mainItem(ctx, { collection: row.collection, key, policy: access.policy });
  if (!main) throw versionNotFound();
  return { row, key, pk: c.primary, policy: access.policy, main };
}

/**
 * Update permission on the item: 403 without one on the collection, 404 when the item is
 * outside its item filter (or absent). Returns the permission's writable fields.
 */
async function mayUpdate(
  ctx: RequestContext,
  input: { schema: SchemaOverview; collection: string; key: Key },
): Promise<Set<string> | '*'> {
  const permission = await permissionOf(ctx, input.schema, input.collection, 'update');
  const c = input.schema.collections[input.collection];
  const filter = permission?.filter ?? null;
  const query = { ...emptyQuery(), fields: [c.primary as string], filter };
  const found = await read.readMany(input.collection, [input.key], query, ctx, {
    events: false,
  });
  if (!found.length) throw new NotFoundError('Item not found');
  return permission?.fields ?? '*';
}

async function shownVersion(ctx: RequestContext, s: Seen): Promise<Item> {
  const d =
    s.row.delta === null ? null : await readableDelta(ctx, { ...s, ...s.row, delta: s.row.delta });
  return { ...s.row, delta: d };
}

/** GET /api/versions/:id */
export async function readVersion(input: { params: { id: string } }, ctx: RequestContext) {
  return shownVersion(ctx, await seenVersion(ctx, input.params.id));
}

const LIST_MAX = 1000;

/**
 * GET /api/versions: the query language over daas_versions, each version shown only when
 * its item is readable, its delta only with readable fields. The delta can't be filtered,
 * sorted or searched on (it may hold fields the caller can't read).
 */
export async function listVersions(input: { query: ItemsQueryInput }, ctx: RequestContext) {
  const query = parseQuery(input.query as RawQuery);
  if (query.aggregate || query.groupBy) {
    throw new InvalidPayloadError('Versions cannot be aggregated');
  }
  const wanted = query.fields;
  // The delta is added afterwards, filtered per item; the read itself never touches it.
  const fields = wanted ? [...new Set([...wanted.filter((f) => f !== 'delta'), 'id'])] : ['*'];
  const hidden = { [VERSIONS]: ['delta'] };
  const q = { ...query, fields, limit: Math.min(query.limit ?? 100, LIST_MAX) };
  if (query.limit === -1) q.limit = LIST_MAX;
  const result = await read.readByQuery(VERSIONS, q, ctx, { system: true, hidden, events: false });
  const showDelta = !wanted || wanted.includes('*') || wanted.includes('delta');
  const out: Item[] = [];
  for (const r of result.data as Item[]) {
    const row = await storedVersion(ctx.db, String(r.id));
    if (!row) continue;
    let s: Seen;
    try {
      s = await seen(ctx, row);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) continue;
      throw err;
    }
    const item: Item = { ...r };
    if (showDelta) item.delta = (await shownVersion(ctx, s)).delta;
    if (wanted && !wanted.includes('*') && !wanted.includes('id')) delete item.id;
    out.push(item);
  }
  // Counts over versions the caller can't see would tell it they exist: for anyone but an
  // administrator they count only what this page shows.
  if (ctx.accountability.admin || !result.meta) return { data: out, meta: result.meta };
  const meta = {
    ...result.meta,
    total_count: out.length,
    total: out.length,
    total_estimated: false,
  };
  return { data: out, meta };
}

function uniqueKey(): AppError {
  return new ConflictError('A version with this key already exists for this item', {
    extensions: { field: 'key' },
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
  const schema = await getSchema(ctx.db);
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
    schema: await getSchema(ctx.db),
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
    schema: await getSchema(ctx.db),
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
  const schema = await getSchema(ctx.db);
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
  const schema = await getSchema(ctx.db);
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
    policy: ReadPolicy | undefined;
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
    policy: input.policy,
    delta: rows[0].delta,
  });
  return { ...input.item, ...shown };
}
