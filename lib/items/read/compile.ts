import { sql, type RawBuilder } from 'kysely';
import { compileFunctionField } from '../functions';
import { and, filterSql, readableValue, type ReadContext } from './context';
import { jsonValue } from './json-value';
import type { PlanNode, Selection } from './plan';
import type { AnySelection } from './plan-types';
import { searchSql } from './search';
import { orderBy, sortKeys, type SortKey } from './sort';

type Sql = RawBuilder<unknown>;

/**
 * Plan → SQL. Every item, root or nested, is one JSON object built by PostgreSQL, and each
 * relation is a correlated scalar subquery in the select list; the whole read, at any depth,
 * is one statement. A windowed node is read window first (see windowFrom), so only the
 * returned rows pay for their JSON and their relations.
 */
export function rowJson(rc: ReadContext, node: PlanNode, alias: string): Sql {
  const r = `${rc.nextAlias()}_row`;
  const cols = node.selections.map(
    (s) => sql`${selectionSql(rc, node, s, alias)} as ${sql.id(s.key)}`,
  );
  return sql`(select to_json(${sql.id(r)}) from (select ${sql.join(cols)}) as ${sql.id(r)})`;
}

/** Conditions every row of a node must meet: its filter, the read access's filter, its search. */
export function nodeWhere(rc: ReadContext, node: PlanNode, alias: string): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (node.filter) parts.push(filterSql(rc, node.filter, node.collection, alias));
  if (node.access.filter)
    parts.push(filterSql(rc, node.access.filter, node.collection, alias, true));
  if (node.search !== null && node.search !== '')
    parts.push(searchSql(rc, node, alias, node.search));
  return and(parts);
}

function selectionSql(rc: ReadContext, node: PlanNode, s: Selection, alias: string): Sql {
  switch (s.kind) {
    case 'column':
      return jsonValue(
        s.field,
        readableValue(rc, { collection: node.collection, field: s.field.field, alias }),
      );
    case 'function':
      return compileFunctionField(s.expr, {
        schema: rc.schema,
        collection: node.collection,
        alias,
        fieldAllowed: rc.fieldAllowed,
        relatedWhere: rc.relatedWhere,
        fieldRows: rc.fieldRows,
        nextAlias: rc.nextAlias,
      }).sql;
    case 'any':
      return readableValue(rc, {
        collection: node.collection,
        field: s.field.field,
        alias,
        value: anySql(rc, s, alias),
      });
    case 'relation':
    case 'keys':
      // A relation granted only on some rows of the parent is null on the others.
      return readableValue(rc, {
        collection: node.collection,
        field: s.hop.field,
        alias,
        value: relationSql(rc, s, alias),
      });
  }
}

/**
 * Per row, the item of the collection its collection field names, when that collection was
 * asked for; otherwise the stored key. Keys are compared as text: the field holds the keys
 * of collections whose primary keys have different types.
 */
function anySql(rc: ReadContext, s: AnySelection, alias: string): Sql {
  const own = (field: string) => sql`${sql.id(alias)}.${sql.id(field)}`;
  const branches = s.targets.map((t) => {
    const sub = rc.nextAlias();
    const where = and([
      sql<boolean>`${sql.id(sub)}.${sql.id(t.hop.relatedKey)}::text = ${own(s.field.field)}::text`,
      nodeWhere(rc, t.node, sub),
    ]);
    const item = sql`(select ${rowJson(rc, t.node, sub)} from ${sql.id(t.collection)} as ${sql.id(sub)} where ${where})`;
    return sql`when ${own(s.any.collectionField)} = ${t.collection} then ${item}`;
  });
  return sql`(case ${sql.join(branches, sql` `)} else to_json(${jsonValue(s.field, own(s.field.field))}) end)`;
}

function relationSql(
  rc: ReadContext,
  s: Extract<Selection, { kind: 'relation' | 'keys' }>,
  alias: string,
): Sql {
  const sub = rc.nextAlias();
  const value =
    s.kind === 'relation'
      ? rowJson(rc, s.node, sub)
      : jsonValue(
          rc.schema.collections[s.node.collection].fields[s.node.primary],
          sql`${sql.id(sub)}.${sql.id(s.node.primary)}`,
        );
  if (s.hop.kind === 'm2o') {
    const where = and([
      sql<boolean>`${sql.id(sub)}.${sql.id(s.hop.relatedKey)} = ${sql.id(alias)}.${sql.id(s.hop.field)}`,
      nodeWhere(rc, s.node, sub),
    ]);
    return sql`(select ${value} from ${sql.id(s.node.collection)} as ${sql.id(sub)} where ${where})`;
  }
  // A child whose link to the parent the caller may not read is not listed under it.
  const linked = rc.fieldRows?.(s.node.collection, s.hop.relatedField, sub);
  const where = and([
    sql<boolean>`${sql.id(sub)}.${sql.id(s.hop.relatedField)} = ${sql.id(alias)}.${sql.id(s.hop.key)}`,
    ...(linked ? [linked] : []),
    nodeWhere(rc, s.node, sub),
  ]);
  return manySql(rc, s.node, sub, value, where);
}

/**
 * Window first, then project. PostgreSQL evaluates a select list for every row OFFSET skips,
 * so a page's rows are chosen by an inner statement that carries only the key and the sort
 * values (filter, sort, limit, offset; often an index-only scan), and the table is joined
 * back on the key for those rows alone. The inner statement reuses `alias`: `where` and the
 * sort keys were built over it, and a derived table cannot see the outer one. The outer
 * query must order by the returned keys: a join keeps no order of its own.
 *
 * The join back is a lateral lookup the planner may not flatten (`offset 0`): statements are
 * prepared, and once PostgreSQL switches to a generic plan it no longer knows limit and
 * offset, guesses a tenth of the table, and would hash-join every row of it back (65 ms
 * instead of 1 ms for a 25-row page of 100,000). A lookup per chosen key stays right in
 * every plan.
 */
export function windowFrom(
  rc: ReadContext,
  input: {
    node: PlanNode;
    alias: string;
    where: RawBuilder<boolean>;
    limit: number | null;
    offset: number | null;
  },
): { from: Sql; keys: SortKey[] } {
  const { node, alias, where } = input;
  const w = rc.nextAlias();
  const keys = sortKeys(rc, node, alias);
  const outs = keys.map((k, i) => sql`${k.expr} as ${sql.id(`o${i}`)}`);
  const key = sql`${sql.id(alias)}.${sql.id(node.primary)}`;
  const limit = input.limit !== null && input.limit >= 0 ? sql`limit ${input.limit}` : sql``;
  const offset = input.offset ? sql`offset ${input.offset}` : sql``;
  const table = sql`${sql.id(node.collection)} as ${sql.id(alias)}`;
  const inner = sql`select ${key} as k, ${sql.join(outs)} from ${table} where ${where} order by ${orderBy(keys)} ${limit} ${offset}`;
  return {
    from: sql`(${inner}) as ${sql.id(w)} cross join lateral (select * from ${table} where ${key} = ${sql.id(w)}.k offset 0) as ${sql.id(alias)}`,
    keys: keys.map((k, i) => ({ expr: sql`${sql.id(w)}.${sql.id(`o${i}`)}`, desc: k.desc })),
  };
}

/** Whether a node's rows are cut by a limit or an offset, and so read window first. */
export function windowed(limit: number | null, offset: number | null): boolean {
  return (limit !== null && limit >= 0) || !!offset;
}

/** An x-to-many relation: a JSON array in the node's sort order, windowed by limit/offset. */
function manySql(
  rc: ReadContext,
  node: PlanNode,
  sub: string,
  value: Sql,
  where: RawBuilder<boolean>,
): Sql {
  if (!windowed(node.limit, node.offset)) {
    const keys = sortKeys(rc, node, sub);
    return sql`(select coalesce(json_agg(${value} order by ${orderBy(keys)}), '[]'::json) from ${sql.id(node.collection)} as ${sql.id(sub)} where ${where})`;
  }
  const { from, keys } = windowFrom(rc, {
    node,
    alias: sub,
    where,
    limit: node.limit,
    offset: node.offset,
  });
  return sql`(select coalesce(json_agg(${value} order by ${orderBy(keys)}), '[]'::json) from ${from})`;
}
