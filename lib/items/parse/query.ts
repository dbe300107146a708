import { InvalidQueryError } from '@/lib/core/errors';
import {
  AGGREGATE_FUNCTIONS,
  COUNT_MODES,
  type AggregateFunction,
  type CountMode,
  type DeepQuery,
  type Query,
} from '../query';
import { limitExceeded, queryLimits, type QueryLimits } from '../limits';
import { groupParams, type RawParam, type RawQuery } from './brackets';
import { parseDeep } from './deep';
import { normalizeFilter } from './filter';
import { integer, list, objectParam, plainOnly, single } from './values';

export function emptyQuery(): Query {
  return {
    fields: null,
    filter: null,
    search: null,
    sort: null,
    limit: null,
    offset: null,
    page: null,
    count: 'estimated',
    aggregate: null,
    groupBy: null,
    deep: null,
    alias: null,
    meta: null,
  };
}

export interface ParseOptions {
  /**
   * An administrator's query: no QUERY_LIMIT_MAX. Anyone else's `limit` (and nested
   * `_limit`) is capped there, `-1` included.
   */
  admin?: boolean;
}

/**
 * The typed query from a URL query object, whichever form each parameter used: bracket
 * keys (`filter[status][_eq]=x`, `aggregate[count]=*`), JSON strings
 * (`filter={"status":{"_eq":"x"}}`), comma lists, JSON arrays or repeated keys. Bracket
 * values stay strings: the filter compiler casts by field type. Parameters it does not
 * know are left alone (clients add their own); a known one in the wrong shape is a 400.
 * Lists longer than QUERY_MAX_FIELDS are refused.
 */
export function parseQuery(raw: RawQuery, options: ParseOptions = {}): Query {
  const q = parseRaw(raw);
  const limits = queryLimits();
  for (const [name, items] of [
    ['fields', q.fields],
    ['sort', q.sort],
    ['groupBy', q.groupBy],
    ['meta', q.meta],
    ['aggregate', q.aggregate && Object.values(q.aggregate).flat()],
    ['alias', q.alias && Object.keys(q.alias)],
  ] as const) {
    if (items && items.length > limits.fields) {
      throw limitExceeded(`Parameter "${name}" lists too many items`, limits.fields);
    }
  }
  if (!options.admin && limits.limitMax !== null) capLimits(q, limits);
  return q;
}

/** A non-admin's page sizes, root and nested, at most QUERY_LIMIT_MAX; `-1` becomes it. */
function capLimits(q: Query, limits: QueryLimits): void {
  const max = limits.limitMax as number;
  const capped = (name: string, limit: number): number => {
    if (limit > max) throw limitExceeded(`Parameter "${name}" is too large`, max);
    return limit === -1 ? max : limit;
  };
  // `limit=-1` with a page of 1 or more is an empty page, which costs nothing.
  if (q.limit !== null && !(q.limit === -1 && (q.page ?? 0) >= 1)) {
    q.limit = capped('limit', q.limit);
  }
  const walk = (deep: Record<string, DeepQuery>, path: string): void => {
    for (const [relation, d] of Object.entries(deep)) {
      const where = `${path}.${relation}`;
      if (typeof d._limit === 'number') d._limit = capped(`${where}._limit`, d._limit);
      const nested = Object.fromEntries(
        Object.entries(d).filter(([k, v]) => !k.startsWith('_') && typeof v === 'object'),
      ) as Record<string, DeepQuery>;
      walk(nested, where);
    }
  };
  if (q.deep) walk(q.deep, 'deep');
}

function parseRaw(raw: RawQuery): Query {
  const params = groupParams(raw);
  const q = emptyQuery();
  const get = (name: string): RawParam | undefined => params.get(name);
  let p: RawParam | undefined;

  if ((p = get('fields'))) {
    const fields = list('fields', plainOnly('fields', p));
    q.fields = fields.length === 0 || (fields.length === 1 && fields[0] === '*') ? null : fields;
  }
  if ((p = get('filter'))) q.filter = normalizeFilter('filter', objectParam('filter', p));
  if ((p = get('search'))) q.search = single('search', plainOnly('search', p));
  if ((p = get('sort'))) q.sort = nonEmpty(list('sort', plainOnly('sort', p)));
  if ((p = get('limit'))) q.limit = integer('limit', single('limit', plainOnly('limit', p)), -1);
  if ((p = get('offset'))) {
    q.offset = integer('offset', single('offset', plainOnly('offset', p)), 0);
  }
  if ((p = get('page'))) q.page = integer('page', single('page', plainOnly('page', p)), 0);
  if ((p = get('count'))) q.count = countMode(single('count', plainOnly('count', p)));
  if ((p = get('groupBy'))) q.groupBy = nonEmpty(list('groupBy', plainOnly('groupBy', p)));
  if ((p = get('meta'))) q.meta = nonEmpty(list('meta', plainOnly('meta', p)));
  if ((p = get('aggregate'))) q.aggregate = aggregate(objectParam('aggregate', p));
  if ((p = get('deep'))) q.deep = parseDeep(objectParam('deep', p));
  if ((p = get('alias'))) q.alias = alias(objectParam('alias', p));
  return q;
}

function nonEmpty(items: string[]): string[] | null {
  return items.length ? items : null;
}

function countMode(value: string): CountMode {
  if (!(COUNT_MODES as readonly string[]).includes(value)) {
    throw new InvalidQueryError(`Parameter "count" must be one of ${COUNT_MODES.join(', ')}`);
  }
  return value as CountMode;
}

function aggregate(value: Record<string, unknown>): Query['aggregate'] {
  const out: Partial<Record<AggregateFunction, string[]>> = {};
  for (const [fn, fields] of Object.entries(value)) {
    if (!(AGGREGATE_FUNCTIONS as readonly string[]).includes(fn)) {
      throw new InvalidQueryError(`Unknown aggregate function "${fn.slice(0, 40)}"`);
    }
    const items = list(`aggregate.${fn}`, fields);
    if (!items.length) throw new InvalidQueryError(`Parameter "aggregate.${fn}" names no field`);
    out[fn as AggregateFunction] = items;
  }
  return Object.keys(out).length ? out : null;
}

function alias(value: Record<string, unknown>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, target] of Object.entries(value)) {
    if (!/^[\w-]{1,64}$/.test(name))
      throw new InvalidQueryError(`Invalid alias name "${name.slice(0, 40)}"`);
    if (typeof target !== 'string' || !target.trim()) {
      throw new InvalidQueryError(`Parameter "alias.${name}" must name a field`);
    }
    out[name] = target.trim();
  }
  return Object.keys(out).length ? out : null;
}
