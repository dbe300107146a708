import { InvalidQueryError } from '@/lib/core/errors';
import {
  AGGREGATE_FUNCTIONS,
  COUNT_MODES,
  type AggregateFunction,
  type CountMode,
  type Query,
} from '../query';
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

/**
 * The typed query from a URL query object, whichever form each parameter used: bracket
 * keys (`filter[status][_eq]=x`, `aggregate[count]=*`), JSON strings
 * (`filter={"status":{"_eq":"x"}}`), comma lists, JSON arrays or repeated keys. Bracket
 * values stay strings: the filter compiler casts by field type. Parameters it does not
 * know are left alone (clients add their own); a known one in the wrong shape is a 400.
 */
export function parseQuery(raw: RawQuery): Query {
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
