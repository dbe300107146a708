import 'server-only';
import { config, serverless } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import type { Db } from '@/lib/db/client';
import { isListening, listenForWrites, watchedTables } from '@/lib/db/write-notices';
import { readsHooked } from '@/lib/events/emitter';
import { onAccessInvalidated } from '@/lib/access/policies';
import { hearingOtherInstances, onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { SYSTEM_PREFIX, type SchemaOverview } from '@/lib/schema/overview';
import { readTables } from '@/lib/schema/read-tables';
import type { ReadAccess } from './read-access';
import { bodyOf } from './json-text';

/**
 * Finished response bodies of item reads, keyed by everything that decides them: the
 * collection, the parsed query, who asks (admin, or user + roles + policies) and the scope.
 * An entry holds the write generation of every table the read can reach; any write to one of
 * them bumps its generation and the entry is dead. Writes are heard three ways:
 * - this process's own writes, synchronously after their commit (`readsChanged`);
 * - other workers and instances, through the sibling bus (Redis when configured);
 * - anything else, SQL from outside included, through the tables' NOTIFY triggers.
 * Access and schema changes retire every entry. While the NOTIFY channel is not listening,
 * or (with Redis) while other instances' notices cannot be heard, nothing is served from the
 * cache nor kept in it: API writes announce themselves only over Redis (their trigger stays
 * quiet), so another instance's write would go unseen. READ_CACHE=false turns it off.
 */
interface Entry {
  body: string;
  tables: readonly string[];
  gens: number[];
  epoch: number;
  schema: SchemaOverview;
  /** When the entry dies by itself (ms since the epoch); Infinity: only by a write. */
  expires: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  gens: Map<string, number>;
  epoch: number;
  bytes: number;
  watched: WeakMap<SchemaOverview, Promise<Set<string>>>;
  /** Reads being loaded now: an identical read arriving meanwhile waits for the same body. */
  loading: Map<string, Omit<Entry, 'body' | 'expires'> & { body: Promise<string> }>;
}

const holder = globalThis as typeof globalThis & { __daasReadCache?: CacheState };
const state = (holder.__daasReadCache ??= {
  entries: new Map(),
  gens: new Map(),
  epoch: 0,
  bytes: 0,
  watched: new WeakMap(),
  loading: new Map(),
});

const TOPIC = 'item-writes';
/** One body larger than this is not worth the memory it would pin. */
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * An answer whose `meta` carries an estimate depends on the table's statistics, which
 * change without a write (ANALYZE, autovacuum) and so without a notice: kept this long only.
 */
export const ESTIMATE_TTL_MS = 5_000;

function carriesEstimate(value: unknown): boolean {
  const meta = (value as { meta?: { total_estimated?: unknown } } | null)?.meta;
  return meta?.total_estimated === true;
}

function bump(table: string): void {
  state.gens.set(table, (state.gens.get(table) ?? 0) + 1);
}

/** Retires every entry (access, scope or schema changed, or notices may have been lost). */
export function dropAllReads(): void {
  state.epoch++;
  state.entries.clear();
  state.bytes = 0;
}

onSiblingNotice(TOPIC, (data) => {
  if (!data) return dropAllReads();
  try {
    for (const t of JSON.parse(data) as unknown[]) if (typeof t === 'string') bump(t);
  } catch {
    dropAllReads();
  }
});
onAccessInvalidated(dropAllReads);

/**
 * After a committed write through the API: dead here at once, and in the other processes.
 * With the read cache off, only system tables' writes are told (small caches follow them
 * through `writeStamp`): an item write would otherwise wait for the other workers to hear
 * of it, for no cache at all.
 */
export function readsChanged(tables: Iterable<string>): void {
  const all = [...new Set(tables)];
  const list = readCacheEnabled() ? all : all.filter((t) => t.startsWith(SYSTEM_PREFIX));
  if (!list.length) return;
  list.forEach(bump);
  tellSiblings(TOPIC, JSON.stringify(list));
}

/** Per list of tables: whether all carry the NOTIFY trigger (false until checked). */
const stampable = new Map<string, boolean>();

/** Whether all of `tables` carry the trigger (startup puts it on): checked once per process. */
function stampableNow(db: Db, tables: readonly string[]): boolean {
  const id = tables.join(',');
  if (!stampable.has(id)) {
    stampable.set(id, false);
    void watchedTables(db)
      .then((present) =>
        stampable.set(
          id,
          tables.every((t) => present.has(t)),
        ),
      )
      .catch(() => stampable.delete(id));
  }
  return stampable.get(id) === true;
}

/**
 * A stamp that changes whenever one of `tables` is written to (as far as this process can
 * hear), for small caches of other modules; null while writes cannot be heard. It works with
 * the read cache off too: API writes are heard through the sibling bus either way, and
 * startup puts the NOTIFY trigger on the tables for writes from outside the API.
 */
export function writeStamp(db: Db, tables: readonly string[]): string | null {
  // A frozen serverless instance misses the notices.
  if (serverless() || db.isTransaction) return null;
  start();
  if (!trusted() || !stampableNow(db, tables)) return null;
  return `${state.epoch}:${tables.map((t) => state.gens.get(t) ?? 0).join(',')}`;
}

export function readCacheEnabled(): boolean {
  // A frozen serverless instance misses the notices that would drop its entries.
  return config().READ_CACHE && !serverless();
}

/** Whether every write that can kill an entry is heard now. */
function trusted(): boolean {
  return isListening() && hearingOtherInstances();
}

/** Listening starts with the first cacheable read (a no-op once it has). */
function start(): void {
  void listenForWrites({ onWrite: bump, onLost: dropAllReads }).catch(() => undefined);
}

function watched(db: Db, schema: SchemaOverview): Promise<Set<string>> {
  let set = state.watched.get(schema);
  if (!set) {
    set = watchedTables(db).catch(() => new Set<string>());
    state.watched.set(schema, set);
  }
  return set;
}

function remember(key: string, entry: Entry): void {
  const size = key.length + entry.body.length;
  if (entry.body.length > MAX_BODY_BYTES) return;
  const old = state.entries.get(key);
  if (old) state.bytes -= key.length + old.body.length;
  state.entries.set(key, entry);
  state.bytes += size;
  const { READ_CACHE_MAX_ENTRIES: maxEntries, READ_CACHE_MAX_BYTES: maxBytes } = config();
  // Map order is insertion order, refreshed on each hit: the first key is the least recent.
  for (const [k, e] of state.entries) {
    if (state.entries.size <= maxEntries && state.bytes <= maxBytes) break;
    state.entries.delete(k);
    state.bytes -= k.length + e.body.length;
  }
}

function alive(entry: Omit<Entry, 'body' | 'expires'>, schema: SchemaOverview): boolean {
  if (entry.epoch !== state.epoch || entry.schema !== schema) return false;
  return entry.tables.every((t, i) => (state.gens.get(t) ?? 0) === entry.gens[i]);
}

export interface CachedReadInput {
  ctx: RequestContext;
  schema: SchemaOverview;
  collection: string;
  /** What else decides the body: kind, key, parsed query. */
  parts: unknown[];
  readAccess: ReadAccess | undefined;
  /** The read may be served by the replica (DATABASE_READ_URL). */
  replica?: boolean;
}

function keyOf(input: CachedReadInput): string | null {
  const { ctx, collection, parts } = input;
  const a = ctx.accountability;
  const who = a.admin ? 'admin' : [a.user, a.role, a.roles, a.policies, a.app];
  const key = JSON.stringify([collection, parts, who, ctx.scope ?? null]);
  // `$NOW` changes by itself; `$CURRENT_*` are in the key through the caller.
  return key.includes('$NOW') ? null : key;
}

function readAccessDependsOnTime(
  readAccess: ReadAccess | undefined,
  tables: readonly string[],
): boolean {
  if (!readAccess) return false;
  for (const t of tables) {
    try {
      if (JSON.stringify(readAccess(t).filter ?? null).includes('$NOW')) return true;
    } catch {
      // No access to a reachable table: the read itself decides what that means.
    }
  }
  return false;
}

/**
 * The body `load` would produce, from the cache when a live entry exists; otherwise loads,
 * serialises and keeps it (unless the read cannot be followed exactly).
 */
export async function cachedRead(
  input: CachedReadInput,
  load: () => Promise<unknown>,
): Promise<{ body: string; hit: boolean }> {
  const { ctx, schema, collection } = input;
  const key = readCacheEnabled() && !ctx.db.isTransaction ? keyOf(input) : null;
  if (key === null || readsHooked(collection)) return { body: bodyOf(await load()), hit: false };
  start();
  const hit = state.entries.get(key);
  if (hit && trusted() && alive(hit, schema) && hit.expires > Date.now()) {
    state.entries.delete(key);
    state.entries.set(key, hit);
    return { body: hit.body, hit: true };
  }
  // Joining a load is safe only while nothing it depends on has changed since it started.
  const pending = state.loading.get(key);
  if (pending && trusted() && alive(pending, schema)) {
    return { body: await pending.body, hit: true };
  }
  // Entries and shared loads come from the primary only. A lagging replica's answer, read
  // after a write it has not seen yet, would be kept under the generations that write left,
  // and served after the replica caught up; nor may a caller who wrote join such a load.
  if (input.replica && ctx.reads && !ctx.reads.primaryOnly()) {
    return { body: bodyOf(await load()), hit: false };
  }
  const tables = readTables(schema, collection, !ctx.accountability.admin);
  // Generations as they were before the statement ran: a write committed meanwhile bumps
  // them, so what this read saw can never outlive it.
  const gens = tables.map((t) => state.gens.get(t) ?? 0);
  const epoch = state.epoch;
  const listening = trusted();
  let expires = Infinity;
  const body$ = load().then((v) => {
    if (carriesEstimate(v)) expires = Date.now() + ESTIMATE_TTL_MS;
    return bodyOf(v);
  });
  const loading = { tables, gens, epoch, schema, body: body$ };
  state.loading.set(key, loading);
  let body: string;
  try {
    body = await loading.body;
  } finally {
    if (state.loading.get(key) === loading) state.loading.delete(key);
  }
  const covered = await watched(ctx.db, schema);
  const unwatched = tables.filter((t) => !covered.has(t));
  // A table made outside the API is watched once the schema is reloaded on request
  // (watchReadTables), never by a read: until then its reads are not cached.
  if (
    !unwatched.length &&
    listening &&
    epoch === state.epoch &&
    !readAccessDependsOnTime(input.readAccess, tables)
  ) {
    remember(key, { body, tables, gens, epoch, schema, expires });
  }
  return { body, hit: false };
}
