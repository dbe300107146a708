import 'server-only';
import { CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { SchemaOverview } from '@/lib/schema/overview';

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** Where the item's key sits among the parameters. */
  keyIndex: number;
}

// Per schema overview, so a schema change (a new overview object) starts afresh.
const bySchema = new WeakMap<SchemaOverview, Map<string, Compiled>>();
const MAX_SHAPES = 500;

/**
 * Runs the statement `build()` makes for one item key. Reads of the same shape (collection,
 * query, no caller-specific read access) differ only in the key, so the statement is planned and
 * compiled once and then run with the new key bound in its place. `shape` null: no caching.
 */
export async function runForKey<R>(input: {
  db: Db;
  schema: SchemaOverview;
  shape: string | null;
  key: unknown;
  build: () => RawBuilder<R>;
}): Promise<R[]> {
  const { db, schema, shape, key } = input;
  const shapes = shape === null ? undefined : (bySchema.get(schema) ?? new Map<string, Compiled>());
  const hit = shape === null ? undefined : shapes!.get(shape);
  if (hit) {
    const parameters = [...hit.parameters];
    parameters[hit.keyIndex] = key;
    return (await db.executeQuery<R>(CompiledQuery.raw(hit.sql, parameters))).rows;
  }
  const compiled = input.build().compile(db);
  if (shape !== null && shapes!.size < MAX_SHAPES) {
    const at = compiled.parameters.flatMap((p, i) => (p === key ? [i] : []));
    // Only when the key is unmistakable among the parameters.
    if (at.length === 1) {
      shapes!.set(shape, { sql: compiled.sql, parameters: compiled.parameters, keyIndex: at[0] });
      bySchema.set(schema, shapes!);
    }
  }
  return (await db.executeQuery<R>(compiled)).rows;
}
