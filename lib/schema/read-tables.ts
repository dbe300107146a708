import type { SchemaOverview } from '@/lib/schema/overview';

const closures = new WeakMap<SchemaOverview, Map<string, readonly string[]>>();
const edges = new WeakMap<SchemaOverview, Map<string, Set<string>>>();

/** The tables one step away from each table along the relations a read may follow. */
function readEdges(schema: SchemaOverview): Map<string, Set<string>> {
  const neighbours = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (!neighbours.has(from)) neighbours.set(from, new Set());
    neighbours.get(from)!.add(to);
  };
  for (const r of schema.relations) {
    if (r.related_collection) {
      // Many-to-one: the foreign key column is a field of the many side.
      link(r.collection, r.related_collection);
      // One-to-many only through its alias field: without one, no field, filter, sort or
      // permission of the one side can name the many side's rows.
      if (r.meta?.one_field) link(r.related_collection, r.collection);
      continue;
    }
    // Many-to-any: the junction's item may be a row of any allowed collection.
    const allowed = r.meta?.one_allowed_collections;
    if (Array.isArray(allowed)) {
      for (const c of allowed) if (typeof c === 'string') link(r.collection, c);
    }
  }
  return neighbours;
}

/**
 * Every table a read rooted at `collection` can reach: the collection and, transitively,
 * whatever its fields lead to: many-to-one and many-to-any fields, and one-to-many fields
 * (alias fields) where the relation has one. Fields, filters, sorts, aggregates and item
 * permissions all name related rows through such fields, so this is broader than one query
 * needs, never narrower. It does not go against a foreign key that no field follows: a
 * collection related to the users would otherwise reach every table that names a user
 * (activity, revisions, sessions), and each write anywhere (they all log activity) would
 * count as a change to it. A restricted caller's permissions may also read their own user
 * row (`$CURRENT_USER.*`), and what its fields lead to.
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
  let neighbours = edges.get(schema);
  if (!neighbours) edges.set(schema, (neighbours = readEdges(schema)));
  const roots = restricted ? [collection, 'daas_users'] : [collection];
  const seen = new Set(roots);
  const frontier = [...roots];
  while (frontier.length) {
    for (const next of neighbours.get(frontier.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        frontier.push(next);
      }
    }
  }
  const tables = [...seen].sort();
  bySchema.set(cacheKey, tables);
  return tables;
}
