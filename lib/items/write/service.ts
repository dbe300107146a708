import 'server-only';
import type { RawBuilder } from 'kysely';
import { config } from '@/lib/core/config';
import { emitter, itemEvents } from '@/lib/events/emitter';
import { AppError, invalidField, InvalidPayloadError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import { announcedAfterCommit, announcesItself } from '@/lib/db/write-notices';
import { publishItemChanges, type ItemChange } from '@/lib/db/item-changes';
import { indexSearchesAfterWrite } from '@/lib/schema/search-index';
import { readsChanged } from '../read/cache';
import { andFilters, permissionOf } from '../access';
import { compileFilter } from '../filter';
import type { Filter } from '../query';
import type { ItemsContext } from './context';
import { writableCollection } from './guard';
import { keepSequencesAhead } from './sequences';
import { matchingKeys } from './sql';
import { refreshStatistics, rowsCreated } from './statistics';
import type { Key } from './sql';
import { notFound, Writer, type Mutation, type WriteOptions } from './writer';

export type { Key } from './sql';
export type { WriteOptions } from './writer';

/**
 * Runs `work` in one transaction with a Writer bound to it; action hooks fire only after
 * the commit, so a rolled-back write never announces itself.
 */
async function inTransaction<T>(
  ctx: ItemsContext,
  collection: string,
  work: (w: Writer) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const schema = ctx.schema;
  let mutations: Mutation[] = [];
  const outermost = !ctx.db.isTransaction;
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (outermost) await announcedAfterCommit(trx, collection);
    const writer = new Writer({ ...ctx, db: trx }, schema, options);
    await options.before?.(trx);
    const value = await work(writer);
    await keepSequencesAhead(trx, schema, writer.mutations);
    await options.after?.(trx);
    mutations = writer.mutations;
    return value;
  });
  if (outermost) {
    ctx.reads?.wrote();
    await refreshStatistics(ctx.db, mutations);
    indexSearchesAfterWrite(ctx.db, schema, rowsCreated(mutations));
    readsChanged([collection, ...mutations.map((m) => m.collection)]);
    announceChanges(collection, mutations);
  }
  if (options.events !== false) committed(ctx, schema, mutations);
  return result;
}

/**
 * Live subscriptions hear the announced table's changes from here; writes to any other
 * table of the transaction (and every write when the service does not announce itself)
 * reach them through the row-key triggers instead, so no change is heard twice.
 */
function announceChanges(collection: string, mutations: Mutation[]): void {
  if (!announcesItself()) return;
  const changes: ItemChange[] = mutations
    .filter((m) => m.collection === collection)
    .map((m) => ({ collection, action: m.action, keys: m.keys }));
  // The write's activity entries too, without their keys: the trigger on the log stays quiet
  // for announced writes, or every audited write would notify (one lock for all commits).
  if (changes.length) changes.push({ collection: 'daas_activity', action: 'create', keys: null });
  publishItemChanges(changes);
}

/**
 * Action hooks of a committed write. The specification's meta is `collection, key,
 * payload`: every write of one item carries `key`; updates and deletes also carry `keys`
 * (Directus' shape, and the only one a batch write has).
 */
function committed(ctx: ItemsContext, schema: SchemaOverview, mutations: Mutation[]): void {
  const context = { schema, accountability: ctx.accountability, resourceUri: ctx.scope };
  for (const m of mutations) {
    const one = m.keys.length === 1 ? { key: m.keys[0] } : {};
    const meta =
      m.action === 'create'
        ? { collection: m.collection, key: m.keys[0], payload: m.payload }
        : { collection: m.collection, ...one, keys: m.keys, payload: m.payload };
    emitter().emitAction(itemEvents(m.collection, m.action), meta, context);
  }
}

/**
 * The caller's permission for `action` on the collection (401/403 without one), asked before
 * any key is looked up: an item that exists and one that does not then answer alike.
 */
async function mayWrite(w: Writer, collection: string, action: 'create' | 'update' | 'delete') {
  w.collection(collection);
  return permissionOf(w.ctx, w.schema, collection, action);
}

/** Like mayWrite, but a refusal is `false` instead of an error. */
async function mayWriteOrNot(w: Writer, collection: string, action: 'create' | 'update') {
  try {
    return { permission: await mayWrite(w, collection, action) };
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.status === 403)) return false;
    throw err;
  }
}

/** A key from a URL, in its primary key's type; a key that cannot be one finds nothing. */
async function urlKey(w: Writer, collection: string, raw: unknown): Promise<Key> {
  const key = await w.key(w.collection(collection), raw);
  if (key === null) throw notFound();
  return key;
}

export async function createOne(
  collection: string,
  data: unknown,
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key> {
  if (!ctx.db.isTransaction && Object.keys(options).length === 0) {
    const done = await createAlone(collection, data, ctx);
    if (done) return done.key;
  }
  return inTransaction(ctx, collection, (w) => w.create(collection, data), options);
}

/**
 * The common case (one plain item, nothing hooked) needs no transaction of its own; with
 * `echo`, the same statement also reads the new item back. Null: it needs the full path.
 */
export async function createAlone(
  collection: string,
  data: unknown,
  ctx: ItemsContext,
  echo?: RawBuilder<{ item: unknown }>,
): Promise<{ key: Key; echo: unknown } | null> {
  const schema = ctx.schema;
  const writer = new Writer(ctx, schema);
  const done = await writer.createAlone(collection, data, echo);
  if (!done) return null;
  await keepSequencesAhead(ctx.db, schema, writer.mutations);
  ctx.reads?.wrote();
  readsChanged([collection]);
  announceChanges(collection, writer.mutations);
  indexSearchesAfterWrite(ctx.db, schema, rowsCreated(writer.mutations));
  committed(ctx, schema, writer.mutations);
  return done;
}

export function createMany(
  collection: string,
  data: unknown[],
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key[]> {
  return inTransaction(
    ctx,
    collection,
    async (w) => {
      const keys: Key[] = [];
      for (const item of data) keys.push(await w.create(collection, item));
      return keys;
    },
    options,
  );
}

export function updateOne(
  collection: string,
  key: unknown,
  data: unknown,
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key> {
  return inTransaction(
    ctx,
    collection,
    async (w) => {
      await mayWrite(w, collection, 'update');
      return w.update(collection, await urlKey(w, collection, key), data);
    },
    options,
  );
}

/**
 * PUT: creates the item with this key when absent; otherwise changes only what is sent. An
 * item the caller's update permission does not reach counts as absent, so it answers as a
 * missing one would (the create decides).
 */
export function upsertOne(
  collection: string,
  key: unknown,
  data: unknown,
  ctx: ItemsContext,
): Promise<{ key: Key; created: boolean }> {
  return inTransaction(ctx, collection, async (w) => {
    const c = w.collection(collection);
    const update = await mayWriteOrNot(w, collection, 'update');
    if (!update && !(await mayWriteOrNot(w, collection, 'create'))) {
      await mayWrite(w, collection, 'update');
    }
    const k = await urlKey(w, collection, key);
    if (update && (await reachable(w, { collection, pk: c.primary, key: k }, update.permission)))
      return { key: await w.update(collection, k, data), created: false };
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new InvalidPayloadError('Payload must be an object');
    }
    const sent = (data as Record<string, unknown>)[c.primary];
    if (sent !== undefined && String(sent) !== String(k)) {
      throw invalidField(c.primary, "doesn't match the key in the URL", {
        message: `Primary key "${c.primary}" doesn't match the URL`,
      });
    }
    return { key: await w.create(collection, { ...data, [c.primary]: k }), created: true };
  });
}

export function deleteOne(
  collection: string,
  key: unknown,
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key> {
  return inTransaction(
    ctx,
    collection,
    async (w) => {
      await mayWrite(w, collection, 'delete');
      const k = await urlKey(w, collection, key);
      if (!(await w.exists(collection, k))) throw notFound();
      await w.remove(collection, [k]);
      return k;
    },
    options,
  );
}

/** Whether the item exists and the permission's item filter (none: every row) reaches it. */
async function reachable(
  w: Writer,
  item: { collection: string; pk: string; key: Key },
  permission: { filter: Filter | null } | null,
): Promise<boolean> {
  const only: Filter = { [item.pk]: { _eq: item.key } };
  const where = compileFilter(andFilters(only, permission?.filter) ?? only, {
    schema: w.schema,
    collection: item.collection,
    alias: item.collection,
    accountability: w.ctx.accountability,
  });
  const keys = await matchingKeys(w.ctx.db, {
    table: item.collection,
    pk: item.pk,
    where,
    limit: 1,
  });
  return keys.length > 0;
}

/** The keys a batch filter selects, refused past MAX_BATCH_MUTATION before anything changes. */
async function batchKeys(
  w: Writer,
  collection: string,
  filter: Filter,
  action: 'update' | 'delete',
): Promise<Key[]> {
  const c = writableCollection(w.schema, collection, w.options.system);
  const max = config().MAX_BATCH_MUTATION;
  // Only rows the caller may touch are selected: the rest of the match is left alone.
  const permission = await permissionOf(w.ctx, w.schema, collection, action);
  const where = compileFilter(andFilters(filter, permission?.filter) ?? filter, {
    schema: w.schema,
    collection,
    alias: collection,
    accountability: w.ctx.accountability,
  });
  const keys = await matchingKeys(w.ctx.db, {
    table: collection,
    pk: c.primary,
    where,
    limit: max + 1,
  });
  if (keys.length > max) {
    throw new InvalidPayloadError(
      `The filter matches more than ${max} items, the maximum for one batch mutation (MAX_BATCH_MUTATION); nothing was changed`,
    );
  }
  return keys;
}

export function updateByFilter(
  collection: string,
  filter: Filter,
  data: unknown,
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key[]> {
  return inTransaction(
    ctx,
    collection,
    async (w) => {
      const keys = await batchKeys(w, collection, filter, 'update');
      return keys.length ? w.updateMany(collection, keys, data) : [];
    },
    options,
  );
}

export function deleteByFilter(
  collection: string,
  filter: Filter,
  ctx: ItemsContext,
  options: WriteOptions = {},
): Promise<Key[]> {
  return inTransaction(
    ctx,
    collection,
    async (w) => {
      const keys = await batchKeys(w, collection, filter, 'delete');
      return keys.length ? w.remove(collection, keys) : [];
    },
    options,
  );
}
