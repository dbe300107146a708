import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import { InvalidQueryError } from '@/lib/core/errors';
import type { FieldOverview } from '@/lib/schema/overview';
import { fieldDenied } from '../filter/context';
import { isFunctionCall } from '../functions';
import { AGGREGATE_FUNCTIONS, type AggregateFunction, type Query } from '../query';
import { fieldOf, resolvePath } from '../relations-path';
import { readableValue, type ReadContext } from './context';
import { jsonValue } from './json-value';
import type { PageWindow } from './pagination';
import { valueExpr } from './sort';

type Sql = RawBuilder<unknown>;

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);
const NUMERIC_ONLY = new Set<AggregateFunction>(['sum', 'sumDistinct', 'avg', 'avgDistinct']);
/** Types PostgreSQL has no min()/max() for. */
const UNORDERED = new Set(['uuid', 'boolean']);
const MAX_KEYS = 50;

const SQL_OF: Record<Exclude<AggregateFunction, 'countAll'>, (col: Sql) => Sql> = {
  count: (c) => sql`count(${c})`,
  countDistinct: (c) => sql`count(distinct ${c})`,
  sum: (c) => sql`sum(${c})`,
  sumDistinct: (c) => sql`sum(distinct ${c})`,
  avg: (c) => sql`avg(${c})`,
  avgDistinct: (c) => sql`avg(distinct ${c})`,
  min: (c) => sql`min(${c})`,
  max: (c) => sql`max(${c})`,
};

export interface AggregateInput {
  rc: ReadContext;
  db: Db;
  collection: string;
  alias: string;
  where: RawBuilder<boolean>;
  query: Query;
  window: PageWindow | null;
}

function pairs(entries: [string, Sql][]): Sql {
  if (entries.length > MAX_KEYS) throw new InvalidQueryError('Too many aggregated fields');
  return sql`json_build_object(${sql.join(entries.map(([k, v]) => sql`${k}::text, ${v}`))})`;
}

function aggregatedField(
  rc: ReadContext,
  collection: string,
  fn: string,
  name: string,
): FieldOverview {
  if (rc.fieldAllowed && !rc.fieldAllowed(collection, name)) throw fieldDenied(collection, name);
  const f = fieldOf(rc.schema, collection, name);
  if (!f.schema || f.type === 'json') {
    throw new InvalidQueryError(`Cannot aggregate field "${name}" with ${fn}`);
  }
  if (NUMERIC_ONLY.has(fn as AggregateFunction) && !NUMERIC.has(f.type)) {
    throw new InvalidQueryError(`${fn} needs a numeric field; "${name}" is ${f.type}`);
  }
  if ((fn === 'min' || fn === 'max') && UNORDERED.has(f.type)) {
    throw new InvalidQueryError(`${fn} needs an ordered field; "${name}" is ${f.type}`);
  }
  return f;
}

/**
 * `aggregate[fn]=field` with optional `groupBy`, shaped as the specification shows every
 * result, `{<fn>: {<field>: number}, <groupBy field>: value}`: `{count: {id: 5}, sum:
 * {views: 10}, author: 3}`, and for `*` too: `aggregate[count]=*` gives `count: {'*': 5}`
 * and `countAll` gives `countAll: {'*': 5}` (Directus answers those two as bare numbers). Counts, sums and averages are JSON numbers
 * (a decimal sum may lose digits beyond double precision); min and max follow the field's
 * own JSON form. Group keys are named as requested (`author`, `author.name`, `year(date)`);
 * groups come sorted by their keys, and are windowed only by an explicit limit.
 */
export async function readAggregate(input: AggregateInput): Promise<unknown[]> {
  const { rc, collection, alias, query } = input;
  const inner: Sql[] = [];
  const groupOut: [string, Sql][] = [];
  const groupCols: Sql[] = [];
  const x = rc.nextAlias();
  for (const [i, name] of (query.groupBy ?? []).entries()) {
    const col = `g${i}`;
    inner.push(sql`${valueExpr(rc, collection, alias, name)} as ${sql.id(col)}`);
    const ref = sql`${sql.id(x)}.${sql.id(col)}`;
    groupCols.push(ref);
    groupOut.push([
      name,
      isFunctionCall(name) ? ref : jsonValue(resolvePath(rc.schema, collection, name).field, ref),
    ]);
  }
  const out: [string, Sql][] = [];
  let n = 0;
  for (const [fn, fields] of Object.entries(query.aggregate ?? {}) as [
    AggregateFunction,
    string[],
  ][]) {
    if (!AGGREGATE_FUNCTIONS.includes(fn))
      throw new InvalidQueryError(`Unknown aggregate function "${fn}"`);
    // The specification: "countAll counts all rows and takes * as the field".
    if (fn === 'countAll') {
      out.push(['countAll', pairs([['*', sql`count(*)`]])]);
      continue;
    }
    const perField: [string, Sql][] = [];
    for (const name of fields) {
      if (name === '*' && fn === 'count') {
        perField.push(['*', sql`count(*)`]);
        continue;
      }
      const f = aggregatedField(rc, collection, fn, name);
      const col = `a${n++}`;
      const readable = readableValue(rc, { collection, field: f.field, alias });
      inner.push(sql`${readable} as ${sql.id(col)}`);
      const value = SQL_OF[fn](sql`${sql.id(x)}.${sql.id(col)}`);
      perField.push([name, fn === 'min' || fn === 'max' ? jsonValue(f, value) : value]);
    }
    out.push([fn, pairs(perField)]);
  }
  if (!out.length) throw new InvalidQueryError('aggregate needs at least one function and field');
  const select = inner.length ? sql.join(inner) : sql`1`;
  const groupBy = groupCols.length
    ? sql`group by ${sql.join(groupCols)} order by ${sql.join(groupCols)}`
    : sql``;
  const explicit = query.limit !== null && input.window && input.window.limit >= 0;
  const window =
    groupCols.length && explicit && input.window
      ? sql`limit ${input.window.limit} offset ${input.window.offset}`
      : sql``;
  const res = await sql<{
    item: unknown;
  }>`select ${pairs([...out, ...groupOut])} as item from (select ${select} from ${sql.id(collection)} as ${sql.id(alias)} where ${input.where}) as ${sql.id(x)} ${groupBy} ${window}`.execute(
    input.db,
  );
  return res.rows.map((r) => r.item);
}
