import { sql, type RawBuilder } from 'kysely';
import { InvalidQueryError } from '@/lib/core/errors';
import type { FieldType } from '@/lib/schema/types';
import { FILTER_OPERATORS, type FilterOperator } from '../query';
import type { Target } from './cast';
import { escapeLike } from './like';

type Sql = RawBuilder<unknown>;
type Bool = RawBuilder<boolean>;

/** Turns filter values into bound SQL operands for a target (casting, dynamic values). */
export interface Operands {
  one(value: unknown): Sql;
  /** `_in` style: array, comma list, or a dynamic list like `$CURRENT_ROLES`. */
  list(value: unknown): Sql[];
  /** The raw value as text, for LIKE patterns (never cast: `_contains: 5` on text is "5"). */
  text(value: unknown): string;
  /** A list as text, for the element tests on csv and json arrays. */
  textList(value: unknown): string[];
}

const NUMERIC: FieldType[] = ['integer', 'bigInteger', 'float', 'decimal'];
const TEMPORAL: FieldType[] = ['date', 'time', 'dateTime', 'timestamp'];
const STRINGS: FieldType[] = ['string', 'text'];
const SCALAR: FieldType[] = [...NUMERIC, ...TEMPORAL, ...STRINGS, 'boolean', 'uuid', 'csv', 'hash'];

const ALLOWED: Record<FilterOperator, FieldType[]> = {
  _eq: [...SCALAR, 'json'],
  _neq: [...SCALAR, 'json'],
  _in: SCALAR,
  _nin: SCALAR,
  _lt: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _lte: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _gt: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _gte: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _between: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _nbetween: [...NUMERIC, ...TEMPORAL, ...STRINGS],
  _null: [...SCALAR, 'json', 'unknown'],
  _nnull: [...SCALAR, 'json', 'unknown'],
  _empty: [...SCALAR, 'json', 'unknown'],
  _nempty: [...SCALAR, 'json', 'unknown'],
  _contains: [...STRINGS, 'csv', 'json'],
  _ncontains: [...STRINGS, 'csv', 'json'],
  _icontains: [...STRINGS, 'csv', 'json'],
  _nicontains: [...STRINGS, 'csv', 'json'],
  _starts_with: STRINGS,
  _istarts_with: STRINGS,
  _nstarts_with: STRINGS,
  _nistarts_with: STRINGS,
  _ends_with: STRINGS,
  _iends_with: STRINGS,
  _nends_with: STRINGS,
  _niends_with: STRINGS,
  _intersects: ['csv', 'json'],
  _nintersects: ['csv', 'json'],
};

export function isOperator(key: string): key is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(key);
}

/** true/false/"true"/"false"/1/0 → boolean; anything else is a 400. */
export function booleanFlag(op: string, value: unknown): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw new InvalidQueryError(`Operator ${op} takes true or false`);
}

function not(expr: Bool): Bool {
  return sql<boolean>`not (${expr})`;
}

/** Text form of a value for the types compared as text (json() results are text). */
function effectiveType(t: Target): FieldType {
  return (t.type as string) === 'text' ? 'text' : t.type;
}

/** Elements of a csv or json-array column, as text, for set operators. */
function elements(col: Sql, type: FieldType, insensitive: boolean, values: Sql[]): Bool {
  const v = insensitive ? sql`lower(e.v)` : sql`e.v`;
  const wanted = sql.join(insensitive ? values.map((x) => sql`lower(${x})`) : values);
  if (type === 'csv') {
    return sql<boolean>`coalesce(exists (select 1 from unnest(string_to_array(${col}, ',')) as e(v) where ${v} in (${wanted})), false)`;
  }
  return sql<boolean>`case when jsonb_typeof(${col}::jsonb) = 'array' then exists (select 1 from jsonb_array_elements_text(${col}::jsonb) as e(v) where ${v} in (${wanted})) else false end`;
}

const JSON_NUMBER = '^-?(0|[1-9][0-9]*)([.][0-9]+)?([eE][-+]?[0-9]+)?$';

function asNumbers(values: unknown[]): number[] | null {
  const nums = values.map((v) =>
    typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN,
  );
  return nums.every(Number.isFinite) ? nums : null;
}

/**
 * The two sides of a range comparison. A json() value is text, so "10" < "9"; when every
 * operand is a number it compares as a number instead (a value that is not one matches
 * nothing), the way a user comparing `json(stats, views)` with 5000 means it.
 */
function rangeSides(
  col: Sql,
  t: Target,
  op: string,
  value: unknown,
  operands: Operands,
): { left: Sql; right: Sql[] } {
  const between = op === '_between' || op === '_nbetween';
  const raw = between ? (Array.isArray(value) ? value : String(value).split(',')) : [value];
  const nums = t.jsonValue ? asNumbers(raw) : null;
  if (nums) {
    return {
      left: sql`(case when ${col} ~ ${JSON_NUMBER} then (${col})::numeric end)`,
      right: nums.map((n) => sql`${n}::numeric`),
    };
  }
  return { left: col, right: between ? operands.list(value) : [operands.one(value)] };
}

function like(col: Sql, op: FilterOperator, term: string): Bool {
  const insensitive = op.startsWith('_i') || op.startsWith('_ni');
  const base = op.replace(/^_n?i?/, '');
  const escaped = escapeLike(term);
  const pattern =
    base === 'contains' ? `%${escaped}%` : base === 'starts_with' ? `${escaped}%` : `%${escaped}`;
  const expr = insensitive
    ? sql<boolean>`${col} ilike ${pattern}`
    : sql<boolean>`${col} like ${pattern}`;
  return op.startsWith('_n') ? not(expr) : expr;
}

export function compileOperator(
  col: Sql,
  t: Target,
  op: string,
  value: unknown,
  operands: Operands,
): Bool {
  if (!isOperator(op)) throw new InvalidQueryError(`Unknown filter operator "${op.slice(0, 40)}"`);
  const type = effectiveType(t);
  if (!ALLOWED[op].includes(type) && !(type === 'text' && ALLOWED[op].includes('string'))) {
    throw new InvalidQueryError(
      `Operator ${op} is not valid for field "${t.name}" of type ${t.type}`,
    );
  }
  const jsonCol = sql`${col}::jsonb`;
  switch (op) {
    case '_eq':
    case '_neq': {
      const left = type === 'json' ? jsonCol : col;
      const right = type === 'json' ? sql`cast(${jsonText(value)} as jsonb)` : operands.one(value);
      return op === '_eq' ? sql<boolean>`${left} = ${right}` : sql<boolean>`${left} <> ${right}`;
    }
    case '_lt':
    case '_lte':
    case '_gt':
    case '_gte': {
      const { left, right } = rangeSides(col, t, op, value, operands);
      const symbol = { _lt: '<', _lte: '<=', _gt: '>', _gte: '>=' }[op];
      return sql<boolean>`${left} ${sql.raw(symbol)} ${right[0]}`;
    }
    case '_in':
    case '_nin': {
      const items = operands.list(value);
      // An empty list: nothing is in it (and everything is outside it).
      if (!items.length) return op === '_in' ? sql<boolean>`false` : sql<boolean>`true`;
      const expr = sql<boolean>`${col} in (${sql.join(items)})`;
      return op === '_in' ? expr : not(expr);
    }
    case '_between':
    case '_nbetween': {
      const { left, right: items } = rangeSides(col, t, op, value, operands);
      if (items.length !== 2) throw new InvalidQueryError(`Operator ${op} takes two values`);
      const expr = sql<boolean>`${left} between ${items[0]} and ${items[1]}`;
      return op === '_between' ? expr : not(expr);
    }
    case '_null':
    case '_nnull': {
      const isNull = booleanFlag(op, value) === (op === '_null');
      return isNull ? sql<boolean>`${col} is null` : sql<boolean>`${col} is not null`;
    }
    case '_empty':
    case '_nempty': {
      const empty =
        type === 'json'
          ? sql<boolean>`(${col} is null or ${jsonCol} = '[]'::jsonb or ${jsonCol} = '{}'::jsonb or ${jsonCol} = '""'::jsonb)`
          : [...STRINGS, 'csv', 'hash'].includes(type)
            ? sql<boolean>`(${col} is null or ${col} = '')`
            : sql<boolean>`${col} is null`;
      return booleanFlag(op, value) === (op === '_empty') ? empty : not(empty);
    }
    case '_intersects':
    case '_nintersects': {
      const items = operands.textList(value).map((v) => sql`${v}`);
      if (!items.length) return op === '_intersects' ? sql<boolean>`false` : sql<boolean>`true`;
      const expr = elements(col, type, false, items);
      return op === '_intersects' ? expr : not(expr);
    }
    default: {
      // The LIKE family; on csv and json it tests for an element instead.
      if (type === 'csv' || type === 'json') {
        const insensitive = op.includes('icontains');
        const expr = elements(col, type, insensitive, [sql`${operands.text(value)}`]);
        return op.startsWith('_n') ? not(expr) : expr;
      }
      return like(col, op, operands.text(value));
    }
  }
}

function jsonText(value: unknown): string {
  if (typeof value === 'string') {
    try {
      JSON.parse(value);
      return value;
    } catch {
      return JSON.stringify(value);
    }
  }
  return JSON.stringify(value);
}
