import type { SchemaOverview } from '@/lib/schema/overview';

const closures = new WeakMap<SchemaOverview, Map<string, readonly string[]>>();

/**
 * Every table a read rooted at `collection` can reach: the collection and, transitively,
 * whatever its relations lead to in either direction (fields, filters, sorts and item
 * permissions may follow any of them). Broader than one query needs, never narrower.
 * A restricted caller's permissions may also read their own user row (`$CURRENT_USER.*`).
 */
export function readTables(
  schema: SchemaOverview,
  collection: string,
  restricted: boolean,
): readonly string[] {
  let bySchema = closures.get(schema);
  if (!bySchema) closures.set(schema, (bySchema = new Map()));
  const cacheKey = `${restricted ? 1 : 0}:${collection}`;
  const known = bySchema.get(cacheKey);
  if (known) return known;
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (const r of schema.relations) {
    if (!r.related_collection) continue;
    link(r.collection, r.related_collection);
    link(r.related_collection, r.collection);
  }
  const seen = new Set([collection]);
  const frontier = [collection];
  while (frontier.length) {
    for (const next of neighbours.get(frontier.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        frontier.push(next);
      }
    }
  }
  if (restricted) seen.add('daas_users');
  const tables = [...seen].sort();
  bySchema.set(cacheKey, tables);
  return tables;
}
