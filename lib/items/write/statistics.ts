import 'server-only';
import { sql } from 'kysely';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/db/client';
import type { Mutation } from './writer';

/** A write of at least this many rows may leave the table's statistics behind. */
export const BULK_WRITE_ROWS = 200;
/** ...when it is at least this share of the rows the statistics know of. */
const CHANGED_SHARE = 0.1;

/** Rows written per table. */
function rowsWritten(mutations: readonly Mutation[]): Map<string, number> {
  const rows = new Map<string, number>();
  for (const m of mutations) rows.set(m.collection, (rows.get(m.collection) ?? 0) + m.keys.length);
  return rows;
}

/** Rows created per table: what can make a collection large enough for search indexes. */
export function rowsCreated(mutations: readonly Mutation[]): Map<string, number> {
  return rowsWritten(mutations.filter((m) => m.action === 'create'));
}

/**
 * After a committed bulk write (an import, a large batch), analyses each table it changed
 * a large share of, so the next estimated count reads the rows that are there: left to
 * autovacuum, a freshly loaded table keeps no statistics (or stale ones) for a while, and
 * PGlite has no autovacuum at all. A failure (say, not the table's owner) only costs the
 * estimate's accuracy: it is logged, never the write's answer.
 */
export async function refreshStatistics(db: Db, mutations: readonly Mutation[]): Promise<void> {
  const rows = rowsWritten(mutations);
  for (const [table, written] of rows) {
    if (written < BULK_WRITE_ROWS) continue;
    try {
      const { rows: stats } = await sql<{ reltuples: number }>`select reltuples::float8 as reltuples
        from pg_class where oid = to_regclass(quote_ident(${table}))`.execute(db);
      const known = Number(stats[0]?.reltuples ?? -1);
      if (known >= 0 && written < known * CHANGED_SHARE) continue;
      await sql`analyze ${sql.id(table)}`.execute(db);
    } catch (err) {
      logger.warn(
        { table, err: err instanceof Error ? err.message : String(err) },
        'could not analyse after a bulk write',
      );
    }
  }
}
