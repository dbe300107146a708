import 'server-only';
import { sql } from 'kysely';
import pg from 'pg';
import { config, serverless } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/core/tables';
import { beforeCloseDb, pgliteInstance } from './client';

/**
 * Every write to a watched table, whoever makes it (this API, another instance, a script in
 * psql), announces the table on one channel: a statement trigger calls `pg_notify` and the
 * server delivers it to each listening session after the commit. Caches of what was read
 * from a table listen here, so a write from outside the API still reaches them.
 */
export const WRITE_CHANNEL = 'daas_writes';
const TRIGGER = 'daas_notify_write';

/**
 * The workflow tables, read on every create and update: their small cache follows writes to
 * them whether the read cache is on or off, so they carry the trigger in both modes.
 */
export const WORKFLOW_TABLES = ['daas_wf_assignment', 'daas_wf_definition'];

/**
 * System tables that user collections relate to, and those small ones read on every write;
 * the busy audit tables stay unwatched.
 */
const WATCHED_SYSTEM = ['daas_users', 'daas_files', 'daas_folders', ...WORKFLOW_TABLES];

/** The statement trigger that announces every write to `table`. */
async function createTrigger(db: Db, table: string): Promise<void> {
  await sql`create trigger ${sql.id(TRIGGER)} after insert or update or delete or truncate on ${sql.id(table)} for each statement execute function daas_notify_write()`.execute(
    db,
  );
}

/** Tables of the current schema that carry the trigger. */
export async function watchedTables(db: Db): Promise<Set<string>> {
  const res = await sql<{ table: string }>`
    select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = ${TRIGGER} and c.relnamespace = current_schema()::regnamespace
  `.execute(db);
  return new Set(res.rows.map((r) => r.table));
}

/**
 * Puts the trigger on `tables` (default: every user table and the related system tables)
 * where it is missing. A table the service cannot alter (not its owner) stays unwatched,
 * which only means its reads are never cached.
 */
export async function ensureWriteTriggers(db: Db, tables?: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One process at a time: workers start together, and DDL on one table must not race.
    await sql`select pg_advisory_xact_lock(hashtext('daas_write_triggers'))`.execute(trx);
    // The announcing transaction names its table in `daas.announced`; any other write
    // (another table in it, another session, psql) notifies.
    await sql`
      create or replace function daas_notify_write() returns trigger language plpgsql as $$
      begin
        if current_setting('daas.announced', true) is distinct from tg_table_name then
          perform pg_notify('daas_writes', tg_table_name);
        end if;
        return null;
      end $$
    `.execute(trx);
  });
  const present = await watchedTables(db);
  const res = await sql<{ table: string }>`
    select c.relname as table from pg_class c
    where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace
  `.execute(db);
  const wanted = res.rows
    .map((r) => r.table)
    .filter((t) =>
      tables ? tables.includes(t) : !t.startsWith('daas_') || WATCHED_SYSTEM.includes(t),
    )
    .filter((t) => !present.has(t));
  for (const table of wanted) {
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('daas_write_triggers'))`.execute(trx);
        const again = await watchedTables(trx);
        if (again.has(table)) return;
        await createTrigger(trx, table);
      });
    } catch (err) {
      logger.warn(
        { table, err: err instanceof Error ? err.message : String(err) },
        'table not watched for writes; its reads are not cached',
      );
    }
  }
}

/**
 * Puts the trigger on those of `tables` that lack it, where the read cache watches tables:
 * called by the writes that make tables or relations (and by a schema reload), so a read
 * finds what it reads watched and never changes the schema itself. Inside a transaction each
 * table is tried under a savepoint: a table the service may not alter stays unwatched (its
 * reads are not cached) without failing the schema change.
 */
export async function watchTables(db: Db, tables: readonly string[]): Promise<void> {
  if (!config().READ_CACHE || serverless() || !tables.length) return;
  const present = await watchedTables(db);
  const missing = tables.filter((t) => !present.has(t));
  if (!missing.length) return;
  if (!db.isTransaction) {
    return ensureWriteTriggers(db, missing).catch((err: unknown) =>
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'write triggers'),
    );
  }
  const { rows } = await sql<{ ok: boolean }>`
    select to_regprocedure('daas_notify_write()') is not null as ok`.execute(db);
  if (!rows[0]?.ok) return;
  await sql`select pg_advisory_xact_lock(hashtext('daas_write_triggers'))`.execute(db);
  for (const table of missing) {
    await sql`savepoint daas_watch`.execute(db);
    try {
      await createTrigger(db, table);
      await sql`release savepoint daas_watch`.execute(db);
    } catch (err) {
      await sql`rollback to savepoint daas_watch`.execute(db);
      logger.warn(
        { table, err: err instanceof Error ? err.message : String(err) },
        'table not watched for writes; its reads are not cached',
      );
    }
  }
}

/**
 * Whether item writes keep the trigger quiet and announce themselves: on a PostgreSQL server
 * with the read cache on (the embedded database is one process; its notices cost nothing).
 */
export function announcesItself(): boolean {
  return Boolean(config().DATABASE_URL) && config().READ_CACHE;
}

/**
 * Marks the current transaction as one whose writes to `table` this service announces
 * itself after the commit (to its workers at once, to other instances over Redis), so the
 * trigger stays quiet for that table. A notifying transaction holds a server-wide lock
 * through its commit, which would otherwise put every API write in one queue.
 */
export async function announcedAfterCommit(trx: Db, table: string): Promise<void> {
  if (!announcesItself()) return;
  await sql`select set_config('daas.announced', ${table}, true)`.execute(trx);
}

export interface WriteListener {
  /** A watched table was written to (after the commit). */
  onWrite: (table: string) => void;
  /** Notices may have been missed (connection lost or re-established): forget everything. */
  onLost: () => void;
}

interface ListenState {
  active: boolean;
  stop?: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __daasWriteListen?: ListenState };

const RETRY_MS = 1_000;

async function listenPg(url: string, listener: WriteListener, state: ListenState): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  let closed = false;
  const lost = () => {
    if (closed) return;
    closed = true;
    state.active = false;
    listener.onLost();
    client.end().catch(() => undefined);
    // Keep trying: until the channel is back, the cache serves nothing (active is false).
    const timer = setTimeout(() => {
      if (holder.__daasWriteListen === state) void connect();
    }, RETRY_MS);
    timer.unref();
  };
  const connect = async () => listenPg(url, listener, state);
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (n) => {
    if (n.channel === WRITE_CHANNEL && n.payload) listener.onWrite(n.payload);
  });
  try {
    await client.connect();
    await client.query(`listen ${WRITE_CHANNEL}`);
  } catch {
    lost();
    return;
  }
  state.stop = async () => {
    closed = true;
    await client.end().catch(() => undefined);
  };
  // Whatever was written while nobody listened is unknown.
  listener.onLost();
  state.active = true;
}

/**
 * Starts listening once per process. `isListening()` says whether notices are flowing now;
 * a cache must serve nothing while they are not.
 */
export async function listenForWrites(listener: WriteListener): Promise<void> {
  if (holder.__daasWriteListen) return;
  const state: ListenState = { active: false };
  holder.__daasWriteListen = state;
  const c = config();
  if (c.DATABASE_URL) {
    // LISTEN belongs to a session: behind a transaction-mode pooler the notices would go to
    // whichever client holds that server connection, so only a direct connection will do.
    const url = c.DATABASE_POOL_MODE === 'transaction' ? c.DATABASE_DIRECT_URL : c.DATABASE_URL;
    if (url) return listenPg(url, listener, state);
    // Never listening: the read cache serves nothing rather than something stale.
    logger.warn(
      'DATABASE_POOL_MODE=transaction without DATABASE_DIRECT_URL: no write notices, the read cache stays off',
    );
    return;
  }
  const lite = pgliteInstance();
  if (!lite) return;
  const unlisten = await lite.listen(WRITE_CHANNEL, (payload) => {
    if (payload) listener.onWrite(payload);
  });
  state.stop = unlisten;
  state.active = true;
}

beforeCloseDb(stopListeningForWrites);

export function isListening(): boolean {
  return holder.__daasWriteListen?.active ?? false;
}

export async function stopListeningForWrites(): Promise<void> {
  const state = holder.__daasWriteListen;
  holder.__daasWriteListen = undefined;
  if (state) {
    state.active = false;
    await state.stop?.();
  }
}
