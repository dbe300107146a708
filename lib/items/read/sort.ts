import { sql, type RawBuilder } from 'kysely';
import { InvalidQueryError } from '@/lib/core/errors';
import { fieldDenied } from '../filter/context';
import { compileFunctionField, isFunctionCall } from '../functions';
import { resolvePath, type M2OHop } from '../relations-path';
import { readableValue, type ReadContext } from './context';

export interface SortKey {
  expr: RawBuilder<unknown>;
  desc: boolean;
}

/**
 * PostgreSQL's own null placement (last ascending, first descending): anything else would
 * keep a plain index, the primary key's included, from serving the ORDER BY.
 */
export function orderBy(keys: SortKey[]): RawBuilder<unknown> {
  return sql.join(keys.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`)));
}

/**
 * The value a dotted m2o path reads, as a correlated scalar subquery per hop
 * (`author.country.name`); each hop joins on the related key, so it yields one value.
 */
function m2oPathValue(
  rc: ReadContext,
  hops: M2OHop[],
  field: string,
  alias: string,
): RawBuilder<unknown> {
  const [hop, ...rest] = hops;
  const sub = rc.nextAlias();
  const inner = rest.length
    ? m2oPathValue(rc, rest, field, sub)
    : readableValue(rc, { collection: hop.related, field, alias: sub });
  // Only a related row the caller may read, and only where the caller may read the link.
  const permitted = rc.relatedWhere?.(hop.related, sub);
  const guard = permitted ? sql` and ${permitted}` : sql``;
  return readableValue(rc, {
    collection: hop.collection,
    field: hop.field,
    alias,
    value: sql`(select ${inner} from ${sql.id(hop.related)} as ${sql.id(sub)} where ${sql.id(sub)}.${sql.id(hop.relatedKey)} = ${sql.id(alias)}.${sql.id(hop.field)}${guard})`,
  });
}

/** A field, an m2o path or a function over a field of `collection`, as an expression. */
export function valueExpr(
  rc: ReadContext,
  collection: string,
  alias: string,
  name: string,
): RawBuilder<unknown> {
  if (isFunctionCall(name)) {
    return compileFunctionField(name, {
      schema: rc.schema,
      collection,
      alias,
      fieldAllowed: rc.fieldAllowed,
      relatedWhere: rc.relatedWhere,
      fieldRows: rc.fieldRows,
      nextAlias: rc.nextAlias,
    }).sql;
  }
  const path = resolvedOrDenied(rc, collection, name);
  let current = collection;
  for (const hop of path.hops) {
    checkReadable(rc, current, hop.field);
    if (hop.kind !== 'm2o') {
      throw new InvalidQueryError(
        `Cannot sort or group by "${name.slice(0, 80)}": "${hop.field}" is a to-many relation`,
      );
    }
    current = hop.related;
  }
  checkReadable(rc, current, path.field.field);
  if (!path.field.schema) {
    throw new InvalidQueryError(`Field "${path.field.field}" has no value to sort or group by`);
  }
  if (!path.hops.length) return readableValue(rc, { collection, field: path.field.field, alias });
  return m2oPathValue(rc, path.hops as M2OHop[], path.field.field, alias);
}

/** For a restricted caller an unknown name is the same 403 as an unreadable one. */
function resolvedOrDenied(rc: ReadContext, collection: string, name: string) {
  try {
    return resolvePath(rc.schema, collection, name);
  } catch (err) {
    if (rc.restricted && err instanceof InvalidQueryError) {
      throw fieldDenied(collection, name.slice(0, 80));
    }
    throw err;
  }
}

function checkReadable(rc: ReadContext, collection: string, field: string): void {
  if (rc.fieldAllowed && !rc.fieldAllowed(collection, field)) throw fieldDenied(collection, field);
}

/** `["-date", "author.name"]` as sort keys; the primary key breaks ties for stable pages. */
export function sortKeys(
  rc: ReadContext,
  node: { collection: string; primary: string; sort: string[] | null },
  alias: string,
): SortKey[] {
  const keys: SortKey[] = [];
  let hasPrimary = false;
  for (const raw of node.sort ?? []) {
    const s = raw.trim();
    if (!s) continue;
    const desc = s.startsWith('-');
    const name = desc ? s.slice(1) : s;
    if (name === node.primary) hasPrimary = true;
    keys.push({ expr: valueExpr(rc, node.collection, alias, name), desc });
  }
  if (!hasPrimary) {
    keys.push({ expr: sql`${sql.id(alias)}.${sql.id(node.primary)}`, desc: false });
  }
  return keys;
}
