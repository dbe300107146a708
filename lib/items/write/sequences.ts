import 'server-only';
import { sql } from 'kysely';
import { isRecord } from '@/lib/core/guards';
import type { SchemaOverview } from '@/lib/schema/overview';
import type { Db } from '@/lib/db/client';
import type { Mutation } from './writer';

/**
 * The auto-increment collections among `mutations` whose creates gave their own keys.
 * PostgreSQL's sequence does not notice such keys: left alone, the next create without a
 * key would draw a number already taken and fail as a duplicate.
 */
function givenKeys(schema: SchemaOverview, mutations: Mutation[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of mutations) {
    if (m.action !== 'create' || out.has(m.collection)) continue;
    const c = schema.collections[m.collection];
    const pk = c?.primary ? c.fields[c.primary] : undefined;
    if (!pk?.schema?.has_auto_increment) continue;
    if (isRecord(m.payload) && m.payload[pk.field] !== undefined && m.payload[pk.field] !== null) {
      out.set(m.collection, pk.field);
    }
  }
  return out;
}

/**
 * Moves each such sequence past the largest key now in the table, never back: `nextval`
 * stands for what other transactions may already have drawn.
 */
export async function keepSequencesAhead(
  db: Db,
  schema: SchemaOverview,
  mutations: Mutation[],
): Promise<void> {
  for (const [collection, pk] of givenKeys(schema, mutations)) {
    // Statements on a collection name its table as the collection (see ./sql.ts).
    const quoted = `"${collection.replace(/"/g, '""')}"`;
    await sql`select setval(seq, greatest(
        (select max(${sql.id(pk)}) from ${sql.id(collection)}), nextval(seq)))
      from (select pg_get_serial_sequence(${quoted}, ${pk})::regclass as seq) s
      where seq is not null`.execute(db);
  }
}
