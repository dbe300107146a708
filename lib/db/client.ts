import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import { PGliteDialect } from './pglite-driver';
import { prepareRepeatedStatements } from './prepared';
import type { Database, Db } from '@/lib/core/tables';
import { typeParsers } from './type-parsers';

export type DbKind = 'postgres' | 'pglite';
export type { Db } from '@/lib/core/tables';

interface DbState {
  db: Db;
  kind: DbKind;
  pool?: pg.Pool;
  lite?: PGlite;
}

// Kept on globalThis: Next bundles route handlers and the instrumentation hook separately
// and re-evaluates modules in development; there must still be one pool (and only one
// PGlite, which must never be opened twice on the same directory) per process.
const holder = globalThis as typeof globalThis & {
  __daasDb?: DbState;
  /** An initialised empty cluster to copy instead of running initdb (the test suite sets it). */
  __daasPgliteSeed?: Blob;
};

type QueryObserver = (sql: string, parameters: readonly unknown[]) => void;
const observers = new Set<QueryObserver>();

/**
 * Sees every statement the app sends (tests count them: a list read must be one statement).
 * Costs nothing while no one observes.
 */
export function observeQueries(observer: QueryObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function log(event: LogEvent): void {
  for (const observer of observers) observer(event.query.sql, event.query.parameters);
}

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      const custom = typeParsers[oid];
      if (custom && format !== 'binary') return custom;
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

let lostLogged = 0;

function connectionLost(err: Error): void {
  // Once a second at most: a restart breaks every connection of the pool at the same time.
  if (Date.now() - lostLogged < 1_000) return;
  lostLogged = Date.now();
  logger.warn({ err: err.message }, 'database connection lost');
}

function newPool(
  connectionString: string,
  max: number,
  sessionSettings: boolean,
  /** Start-up options (`-c name=value` server settings) and the connections' name. */
  extra: Pick<pg.PoolConfig, 'options' | 'application_name'> = {},
): pg.Pool {
  const c = config();
  const pool = new pg.Pool({
    connectionString,
    max,
    ...extra,
    // A database that does not answer a new connection fails the request (503) rather
    // than holding it for as long as the operating system keeps trying.
    connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
    types: pgTypes(),
    // Every statement of every connection: the server cancels one that runs longer
    // (SQLSTATE 57014, answered 503). The embedded database has no timer to do the same.
    // A pooler in transaction mode refuses start-up settings (it would hand them to whichever
    // client gets the server connection next): there the role or database carries it.
    ...(sessionSettings &&
      c.DB_STATEMENT_TIMEOUT_MS > 0 && { statement_timeout: c.DB_STATEMENT_TIMEOUT_MS }),
  });
  // A server restart or a cut connection makes each client emit 'error'. The pool listens
  // only while a client is idle; a checked-out client (between two statements of a
  // transaction) with no listener of its own would throw it as an uncaught exception. The
  // statement in flight fails on its own, and the pool discards the broken client.
  pool.on('error', connectionLost);
  pool.on('connect', (client) => client.on('error', connectionLost));
  return pool;
}

function createState(): DbState {
  const c = config();
  if (c.DATABASE_URL) {
    const pooled = c.DATABASE_POOL_MODE === 'transaction';
    const pool = newPool(c.DATABASE_URL, Number(process.env.DB_POOL_MAX ?? 10), !pooled);
    // A statement prepared on one server connection is unknown to the next one the pooler
    // picks, so behind a transaction-mode pooler every statement is sent unnamed.
    if (c.DB_PREPARED_STATEMENTS && !pooled) pool.on('connect', prepareRepeatedStatements);
    if (pooled && c.DB_STATEMENT_TIMEOUT_MS > 0) {
      logger.info(
        'DATABASE_POOL_MODE=transaction: DB_STATEMENT_TIMEOUT_MS is not sent; set statement_timeout on the role or database',
      );
    }
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }),
      kind: 'postgres',
      pool,
    };
  }
  const dataDir = c.DATA_DIR === 'memory://' ? undefined : path.resolve(c.DATA_DIR, 'pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const seed = dataDir ? undefined : holder.__daasPgliteSeed;
  const lite = new PGlite(dataDir ?? 'memory://', {
    parsers: typeParsers,
    ...(seed && { loadDataDir: seed }),
  });
  return {
    db: new Kysely<Database>({ dialect: new PGliteDialect(lite), log }),
    kind: 'pglite',
    lite,
  };
}

export function getDb(): Db {
  holder.__daasDb ??= createState();
  return holder.__daasDb.db;
}

export function dbKind(): DbKind {
  getDb();
  return holder.__daasDb!.kind;
}

/** The pg pool when connected to a PostgreSQL server (null on the embedded database). */
export function pgPool(): pg.Pool | null {
  getDb();
  return holder.__daasDb!.pool ?? null;
}

/** The embedded database itself (null when connected to a PostgreSQL server). */
export function pgliteInstance(): PGlite | null {
  getDb();
  return holder.__daasDb!.lite ?? null;
}

const direct = globalThis as typeof globalThis & { __daasDirectDb?: Db };

/**
 * A database whose connection keeps its session (advisory locks, `SET`, `LISTEN` hold across
 * statements): the main one, or, behind a transaction-mode pooler, DATABASE_DIRECT_URL.
 * Null when there is no such connection: callers then keep their work inside one transaction.
 */
export function sessionDb(): Db | null {
  const c = config();
  if (dbKind() === 'pglite' || c.DATABASE_POOL_MODE === 'session') return getDb();
  if (!c.DATABASE_DIRECT_URL) return null;
  direct.__daasDirectDb ??= new Kysely<Database>({
    dialect: new PostgresDialect({ pool: newPool(c.DATABASE_DIRECT_URL, 2, true) }),
    log,
  });
  return direct.__daasDirectDb;
}

const replica = globalThis as typeof globalThis & { __daasReplica?: { url: string; db: Db } };

/**
 * The read replica's database (DATABASE_READ_URL), null without one. Its pool follows the
 * primary's settings (pool mode, prepared statements, statement timeout); DB_READ_POOL_MAX
 * sizes it.
 */
export function replicaDb(): Db | null {
  const c = config();
  if (!c.DATABASE_READ_URL) return null;
  const held = replica.__daasReplica;
  if (held?.url === c.DATABASE_READ_URL) return held.db;
  // Only tests point a running process at another replica; the old pool drains by itself.
  if (held) void held.db.destroy().catch(() => undefined);
  const pooled = c.DATABASE_POOL_MODE === 'transaction';
  const max = c.DB_READ_POOL_MAX ?? Number(process.env.DB_POOL_MAX ?? 10);
  const pool = newPool(c.DATABASE_READ_URL, max, !pooled);
  if (c.DB_PREPARED_STATEMENTS && !pooled) pool.on('connect', prepareRepeatedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  replica.__daasReplica = { url: c.DATABASE_READ_URL, db };
  return db;
}

export const STABLE_PLANS_APPLICATION = 'daas stable plans';
const stable = globalThis as typeof globalThis & {
  __daasStablePlans?: { url: string; db: Db };
};

/**
 * A second pool on the primary for statements whose best plan does not depend on their
 * values: a page of a collection with no filter, search or item permission, where only the
 * offset changes. Its connections plan a prepared statement once and keep that plan
 * (`plan_cache_mode = force_generic_plan`): PostgreSQL would otherwise plan such a page on
 * every run, because it prices a plan for an unknown limit and offset as reading a tenth of
 * the table, and a custom plan always looks cheaper. Planning was more than half of what a
 * page cost the server. JIT is off there: the same tenth-of-the-table price would compile
 * every statement, which costs more than any page. Null wherever prepared statements are
 * off (the embedded database, a transaction-mode pooler, DB_PREPARED_STATEMENTS=false, or
 * DB_STABLE_PLANS=false): callers then use the main database.
 */
export function stablePlanDb(): Db | null {
  const c = config();
  const url = c.DATABASE_URL;
  if (!url || !c.DB_PREPARED_STATEMENTS || !c.DB_STABLE_PLANS) return null;
  if (c.DATABASE_POOL_MODE === 'transaction') return null;
  const held = stable.__daasStablePlans;
  if (held?.url === url) return held.db;
  if (held) void held.db.destroy().catch(() => undefined);
  const max = Math.max(2, Math.ceil(Number(process.env.DB_POOL_MAX ?? 10) / 2));
  const pool = newPool(url, max, true, {
    options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    // Named, so that an operator (and a test) can tell these connections apart.
    application_name: STABLE_PLANS_APPLICATION,
  });
  pool.on('connect', prepareRepeatedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  stable.__daasStablePlans = { url, db };
  return db;
}

const closers = new Set<() => Promise<void>>();

/** Work to finish before the database closes (listening connections, ...). */
export function beforeCloseDb(closer: () => Promise<void>): void {
  closers.add(closer);
}

export async function closeDb(): Promise<void> {
  for (const closer of closers) await closer().catch(() => undefined);
  const state = holder.__daasDb;
  holder.__daasDb = undefined;
  const session = direct.__daasDirectDb;
  direct.__daasDirectDb = undefined;
  if (session) await session.destroy();
  const read = replica.__daasReplica;
  replica.__daasReplica = undefined;
  if (read) await read.db.destroy();
  const planned = stable.__daasStablePlans;
  stable.__daasStablePlans = undefined;
  if (planned) await planned.db.destroy();
  if (state) await state.db.destroy();
}
