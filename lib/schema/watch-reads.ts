import 'server-only';
import { config, serverless } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import { ensureWriteTriggers, watchTables } from '@/lib/db/write-notices';
import type { SchemaOverview } from './overview';
import { readTables } from './read-tables';

/** The tables (not views) that a read rooted at one of `roots` can reach. */
export function tablesReachedFrom(schema: SchemaOverview, roots: readonly string[]): string[] {
  const out = new Set<string>();
  for (const root of roots) {
    for (const t of readTables(schema, root, true)) {
      const c = schema.collections[t];
      if (c?.schema && c.type === 'table') out.add(t);
    }
  }
  return [...out].sort();
}

/**
 * Watches for writes every table a read of a user collection can reach, where the read cache
 * watches tables: at startup and when a caller asks for the schema to be reloaded, the step
 * that makes tables made outside the API (psql, a migration tool) known. A read never does
 * this, so a GET never changes the schema; until then such a table's reads are not cached.
 */
export async function watchReadTables(db: Db, schema: SchemaOverview): Promise<void> {
  if (!config().READ_CACHE || serverless()) return;
  await ensureWriteTriggers(db);
  const users = Object.values(schema.collections)
    .filter((c) => !c.system)
    .map((c) => c.collection);
  await watchTables(db, tablesReachedFrom(schema, users));
}
