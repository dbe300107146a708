import 'server-only';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { config, serverless } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import { workerSlot } from '@/lib/core/worker-slot';
import { dbKind, getDb, type Db } from '@/lib/db/client';
import { buildOverview, type SchemaOverview } from './overview';

/**
 * `?search=` is an ILIKE '%term%' over every searchable text column: without an index that
 * reads the whole table, row by row. On PostgreSQL, a collection of more than LARGE_ROWS rows
 * gets a pg_trgm GIN index on each of its searchable text columns, built CONCURRENTLY in the
 * background so writes never wait for it. A read never builds one (a GET leaves the schema as
 * it is): the indexes are put in place at start-up, at a schema reload, and after writes that
 * may have made a collection large. Where pg_trgm cannot be created (not available, or the
 * role may not create it) and on the embedded database, searches keep scanning;
 * SEARCH_INDEXES=off turns this off.
 */
const TEXT_TYPES = new Set(['string', 'text', 'csv']);
/** The size from which a search scan costs more than keeping the index (the exact-count cap). */
export const LARGE_ROWS = 10_000;
/** A write of this many rows is checked at once; smaller ones add up to SMALL_WRITES_CHECK. */
const BULK_ROWS = 200;
const SMALL_WRITES_CHECK = 1_000;
/** Start-up checks wait until the instance answers: a build reads the whole table. */
const START_DELAY_MS = 5_000;

interface IndexState {
  /** `table.column` built or being built by this process. */
  asked: Set<string>;
  /** Rows written per table since this process last checked its size. */
  written: Map<string, number>;
  unavailable: boolean;
  /** One build at a time per process: index builds compete for the same disk and cores. */
  queue: Promise<void>;
}

const holder = globalThis as typeof globalThis & { __daasSearchIndex?: IndexState };
const state = (holder.__daasSearchIndex ??= {
  asked: new Set(),
  written: new Map(),
  unavailable: false,
  queue: Promise.resolve(),
});

/** Stable and short: one index per table and column, whatever their names' length. */
function searchIndexName(table: string, column: string): string {
  const hash = crypto.createHash('sha256').update(`${table}\u0000${column}`).digest('hex');
  return `daas_trgm_${hash.slice(0, 16)}`;
}

function searchableColumns(schema: SchemaOverview, collection: string): string[] {
  const c = schema.collections[collection];
  if (!c?.schema || c.system || c.type !== 'table') return [];
  return Object.values(c.fields)
    .filter((f) => f.schema && TEXT_TYPES.has(f.type) && f.meta?.searchable !== false)
    .map((f) => f.field);
}

function enabled(db: Db): boolean {
  if (state.unavailable || config().SEARCH_INDEXES === 'off' || serverless()) return false;
  return !db.isTransaction && dbKind() === 'postgres';
}

/** Exact up to the threshold and bounded: right on a table that was never analysed. */
async function isLarge(db: Db, table: string): Promise<boolean> {
  const res = await sql<{ n: number | string }>`
    select count(*) as n from (select 1 from ${sql.id(table)} limit ${LARGE_ROWS + 1}) as t
  `.execute(db);
  return Number(res.rows[0]?.n ?? 0) > LARGE_ROWS;
}

async function validIndexes(db: Db, table: string): Promise<Set<string>> {
  const res = await sql<{ name: string }>`
    select c.relname as name from pg_index as i join pg_class as c on c.oid = i.indexrelid
    where i.indrelid = to_regclass(quote_ident(${table})) and i.indisvalid
  `.execute(db);
  return new Set(res.rows.map((r) => r.name));
}

/** Another process (a sibling worker, another instance) building an index on it now. */
async function beingIndexed(db: Db, table: string): Promise<boolean> {
  const res = await sql`select 1 from pg_stat_progress_create_index
    where relid = to_regclass(quote_ident(${table}))`.execute(db);
  return res.rows.length > 0;
}

async function build(db: Db, table: string, columns: string[]): Promise<void> {
  const present = await validIndexes(db, table);
  const missing = columns.filter((c) => !present.has(searchIndexName(table, c)));
  if (!missing.length || (await beingIndexed(db, table)) || !(await isLarge(db, table))) {
    // Done, someone else's, or small for now: a later check asks again.
    columns.forEach((c) => state.asked.delete(`${table}.${c}`));
    return;
  }
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (err) {
    state.unavailable = true;
    logger.info(
      { err: err instanceof Error ? err.message : String(err) },
      'pg_trgm unavailable: searches scan their tables',
    );
    return;
  }
  for (const column of missing) {
    const name = searchIndexName(table, column);
    // A build that failed half-way leaves an invalid index of that name (none is being
    // built now, checked above): `if not exists` would keep it for good, so it goes first.
    await sql`drop index concurrently if exists ${sql.id(name)}`.execute(db);
    await sql`create index concurrently ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
    logger.info({ table, column, index: name }, 'search index built');
  }
}

/**
 * Puts the search indexes of the given collections (every user collection when omitted) in
 * place, one collection after another. Returns when they are built or found small.
 */
export function indexSearches(
  db: Db,
  schema: SchemaOverview,
  collections: readonly string[] = Object.keys(schema.collections),
): Promise<void> {
  if (!enabled(db)) return Promise.resolve();
  const work: [string, string[]][] = [];
  for (const collection of collections) {
    const columns = searchableColumns(schema, collection).filter(
      (c) => !state.asked.has(`${collection}.${c}`),
    );
    if (!columns.length) continue;
    columns.forEach((c) => state.asked.add(`${collection}.${c}`));
    work.push([collection, columns]);
  }
  const run = async () => {
    for (const [table, columns] of work) {
      await build(db, table, columns).catch((err: unknown) => {
        columns.forEach((c) => state.asked.delete(`${table}.${c}`));
        logger.warn(
          { collection: table, err: err instanceof Error ? err.message : String(err) },
          'search index not built',
        );
      });
    }
  };
  const done = state.queue.then(run);
  state.queue = done;
  return done;
}

/**
 * After a committed write: the tables it may have made large are checked in the background,
 * a bulk write's at once and others once enough rows have added up in this process.
 */
export function indexSearchesAfterWrite(
  db: Db,
  schema: SchemaOverview,
  written: ReadonlyMap<string, number>,
): void {
  if (!enabled(db)) return;
  const due: string[] = [];
  for (const [table, rows] of written) {
    const total = (state.written.get(table) ?? 0) + rows;
    if (rows >= BULK_ROWS || total >= SMALL_WRITES_CHECK) {
      state.written.delete(table);
      due.push(table);
    } else state.written.set(table, total);
  }
  if (due.length) void indexSearches(db, schema, due);
}

/**
 * Once an instance is up, on one of its workers: the large collections that were made or
 * filled while it was down (by SQL, a restore) get their indexes.
 */
export function indexSearchesAtStart(): void {
  if (workerSlot().slot !== 0) return;
  setTimeout(() => {
    const db = getDb();
    if (!enabled(db)) return;
    buildOverview(db)
      .then((schema) => indexSearches(db, schema))
      .catch((err: unknown) =>
        logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'search indexes not checked',
        ),
      );
  }, START_DELAY_MS).unref();
}
