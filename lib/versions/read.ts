import 'server-only';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beyondReadAccessFor, permissionOf, readAccessFor } from '@/lib/items/access';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  InvalidPayloadError,
  NotFoundError,
  UnauthenticatedError,
} from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { emptyQuery, parseQuery, type ItemsQueryInput, type RawQuery } from '@/lib/items/parse';
import { allowsField, type ReadAccess } from '@/lib/items/read/read-access';
import * as read from '@/lib/items/read/service';
import { fieldsReadableOn } from '@/lib/items/read/by-key';
import { coerceKey } from '@/lib/items/write/validate';
import { SYSTEM_PREFIX, type SchemaOverview } from '@/lib/schema/overview';
import { isRecord, isUuid } from '@/lib/core/guards';

/**
 * Content versions (Directus 11 shapes): a named draft of one item, stored as a delta over
 * it. Versions are governed by the item's own permissions: reading one needs the item to be
 * readable (its delta shows only readable fields), creating, saving, promoting, renaming and
 * deleting one need update permission on the item. A version of an item the caller can't
 * read answers exactly as a version that doesn't exist.
 */

export type Item = Record<string, unknown>;
export type Key = string | number;

export const VERSIONS = 'daas_versions';

export interface VersionRow {
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

export function versionNotFound(): AppError {
  return new NotFoundError('Version not found');
}

export function parseDelta(raw: unknown): Item {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return isRecord(value) ? (value as Item) : {};
}

/** A user collection with a primary key: the only kind an item version can belong to. */
export function versionedCollection(schema: SchemaOverview, collection: string) {
  const c = Object.hasOwn(schema.collections, collection)
    ? schema.collections[collection]
    : undefined;
  if (!c || !c.schema || !c.primary || collection.startsWith(SYSTEM_PREFIX)) return null;
  return c as typeof c & { primary: string };
}

export async function itemKey(schema: SchemaOverview, collection: string, raw: unknown) {
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

export interface Seen {
  row: VersionRow;
  key: Key;
  pk: string;
  readAccess: ReadAccess | undefined;
  /** The main item as the caller may read it. */
  main: Item;
}

/** The caller's read access on a collection, or null when it may not read it at all. */
export async function readAccessOf(
  ctx: RequestContext,
  schema: SchemaOverview,
  collection: string,
) {
  try {
    return { readAccess: await readAccessFor(ctx, schema, collection) };
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 401)) return null;
    throw err;
  }
}

/** The main item through the caller's read rules; null when absent or hidden from it. */
export async function mainItem(
  ctx: RequestContext,
  input: { collection: string; key: Key; readAccess: ReadAccess | undefined },
): Promise<Item | null> {
  const query = { ...emptyQuery(), fields: ['*'] };
  const items = await read.readMany(input.collection, [input.key], query, ctx, {
    readAccess: input.readAccess,
  });
  return items[0] ?? null;
}

/**
 * Of a stored delta, the fields the caller may read on this item (field permissions,
 * per-row grants of several policies): a delta is stored JSON, not read through the plan.
 */
export async function readableDelta(
  ctx: RequestContext,
  input: { collection: string; key: Key; readAccess: ReadAccess | undefined; delta: unknown },
): Promise<Item> {
  const values = parseDelta(input.delta);
  const { collection, readAccess } = input;
  const names = Object.keys(values).filter(
    (field) => !readAccess || allowsField(readAccess(collection), field),
  );
  const shown = await fieldsReadableOn(
    { collection, id: input.key, fields: names, readAccess },
    ctx,
  );
  return Object.fromEntries(shown.map((f) => [f, values[f]]));
}

export async function storedVersion(db: Db, id: string): Promise<VersionRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await sql<VersionRow>`select * from daas_versions where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** A version the caller may see (its item readable), or the one 404 for everything else. */
export async function seenVersion(ctx: RequestContext, id: string): Promise<Seen> {
  const row = await storedVersion(ctx.db, id);
  if (!row) throw versionNotFound();
  return seen(ctx, row);
}

export async function seen(ctx: RequestContext, row: VersionRow): Promise<Seen> {
  const schema = ctx.schema;
  const c = versionedCollection(schema, row.collection);
  const key = await itemKey(schema, row.collection, row.item);
  if (!c || key === null) throw versionNotFound();
  const access = await readAccessOf(ctx, schema, row.collection);
  if (!access) throw versionNotFound();
  const main = await mainItem(ctx, {
    collection: row.collection,
    key,
    readAccess: access.readAccess,
  });
  if (!main) throw versionNotFound();
  return { row, key, pk: c.primary, readAccess: access.readAccess, main };
}

/**
 * Update permission on the item: 403 without one on the collection, 404 when the item is
 * outside its item filter (or absent). Returns the permission's writable fields.
 */
export async function mayUpdate(
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

export async function shownVersion(ctx: RequestContext, s: Seen): Promise<Item> {
  const d =
    s.row.delta === null ? null : await readableDelta(ctx, { ...s, ...s.row, delta: s.row.delta });
  return { ...s.row, delta: d };
}

/** GET /api/versions/:id */
export async function readVersion(input: { params: { id: string } }, ctx: RequestContext) {
  return shownVersion(ctx, await seenVersion(ctx, input.params.id));
}

export const LIST_MAX = 1000;

/**
 * GET /api/versions: the query language over daas_versions, each version shown only when
 * its item is readable, its delta only with readable fields. The delta can't be filtered,
 * sorted or searched on (it may hold fields the caller can't read).
 */
export async function listVersions(input: { query: ItemsQueryInput }, ctx: RequestContext) {
  // Versions are drafts of signed-in authors: an anonymous caller is asked to sign in.
  if (!ctx.accountability.user && !ctx.accountability.admin) throw new UnauthenticatedError();
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
  // Each version is checked below; a relation out of it (its creator, its editor) and a
  // filter through one go through the caller's own permissions on the related collection.
  const root = { collection: VERSIONS, access: { fields: '*' as const, filter: null } };
  const readAccess = await beyondReadAccessFor(ctx, ctx.schema, root);
  const options = { system: true, hidden, events: false, readAccess };
  const result = await read.readByQuery(VERSIONS, q, ctx, options);
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
