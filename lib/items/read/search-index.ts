import 'server-only';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import { dbKind, type Db } from '@/lib/db/client';
import type { SchemaOverview } from '@/lib/schema/overview';
import { EXACT_COUNT_THRESHOLD } from './count';

/**
 * `?search=` is an ILIKE '%term%' over every searchable text column: without an index that
 * reads the whole table, row by row. On PostgreSQL, the first search of a large collection
 * (more rows than the exact-count cap) puts a pg_trgm GIN index on each of its searchable
 * text columns, built CONCURRENTLY in the background so writes never wait for it. Where
 * pg_trgm cannot be created (not available, or the role may not create it) and on the
 * embedded database, searches keep scanning; SEARCH_INDEXES=off turns this off.
 */
const TEXT_TYPES = new Set(['string', 'text', 'csv']);

interface IndexState {
  asked: Set<string>;
  unavailable: boolean;
}

const holder = globalThis as typeof globalThis & { __daasSearchIndex?: IndexState };
const state = (holder.__daasSearchIndex ??= { asked: new Set(), unavailable: false });

/** Stable and short: one index per table and column, whatever their names' length. */
export function searchIndexName(table: string, column: string): string {
  const hash = crypto.createHash('sha256').update(`${table}\u0000${column}`).digest('hex');
  return `daas_trgm_${hash.slice(0, 16)}`;
}

function searchableColumns(schema: SchemaOverview, collection: string): string[] {
  const c = schema.collections[collection];
  if (!c) return [];
  return Object.values(c.fields)
    .filter((f) => f.schema && TEXT_TYPES.has(f.type) && f.meta?.searchable !== false)
    .map((f) => f.field);
}

async function rowEstimate(db: Db, table: string): Promise<number> {
  const res = await sql<{ rows: number | string | null }>`
    select reltuples::int8 as rows from pg_class where oid = to_regclass(quote_ident(${table}))
  `.execute(db);
  return Number(res.rows[0]?.rows ?? 0);
}

async function build(db: Db, table: string, columns: string[]): Promise<void> {
  if ((await rowEstimate(db, table)) <= EXACT_COUNT_THRESHOLD) {
    // Small for now: ask again on a later search, once it may have grown.
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
  for (const column of columns) {
    const name = searchIndexName(table, column);
    await sql`create index concurrently if not exists ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
    logger.info({ table, column, index: name }, 'search index built');
  }
}

/** Called after a search read; returns at once, the index (if any) comes later. */
export function indexSearchLater(db: Db, schema: SchemaOverview, collection: string): void {
  if (state.unavailable || config().SEARCH_INDEXES === 'off' || db.isTransaction) return;
  if (dbKind() !== 'postgres') return;
  const columns = searchableColumns(schema, collection).filter(
    (c) => !state.asked.has(`${collection}.${c}`),
  );
  if (!columns.length) return;
  columns.forEach((c) => state.asked.add(`${collection}.${c}`));
  build(db, collection, columns).catch((err: unknown) => {
    logger.warn(
      { collection, err: err instanceof Error ? err.message : String(err) },
      'search index not built',
    );
  });
}
