import { InvalidQueryError } from '@/lib/core/errors';
import type { FieldType } from '@/lib/schema/types';
import { isUuid } from '@/lib/core/guards';

/** What a filter compares: a column or a function over one, with its type. */
export interface Target {
  /** For messages: `views`, `year(date_created)`. */
  name: string;
  collection: string;
  type: FieldType;
  /** The column's database type, when it is a plain column (integer range checks). */
  dataType?: string;
  /** A `json(field, path)` value: text, holding a number when the JSON holds one. */
  jsonValue?: boolean;
}

const INT_RANGE: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};
const DATETIME =
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function bad(t: Target, value: unknown, expected: string): InstanceType<typeof InvalidQueryError> {
  const shown = typeof value === 'string' ? ` "${value.slice(0, 40)}"` : '';
  return new InvalidQueryError(
    `Invalid value${shown} (${describeType(value)}) for field "${t.name}" of type ${t.type}: expected ${expected}`,
  );
}

function validDate(s: string): boolean {
  return !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s.replace(' ', 'T')));
}

/**
 * A filter value converted to what is bound for the target's type. Anything that would make
 * the database raise (bad uuid, text for an integer, out-of-range integer) is a 400 here.
 * Null passes through (bound null never equals anything).
 */
export function castValue(t: Target, value: unknown): unknown {
  if (value === null) return null;
  if (value instanceof Date) {
    if (['date', 'dateTime', 'timestamp', 'time'].includes(t.type)) return value.toISOString();
    if (t.type === 'string' || t.type === 'text') return value.toISOString();
    throw bad(t, value, 'a value of its own type');
  }
  if (typeof value === 'object') throw bad(t, value, 'a single value');
  const s = String(value);
  switch (t.type) {
    case 'integer':
    case 'bigInteger': {
      if (typeof value === 'boolean' || !/^-?\d{1,19}$/.test(s)) throw bad(t, value, 'an integer');
      const range = INT_RANGE[t.dataType ?? 'integer'];
      if (t.type === 'integer' && range) {
        const n = Number(s);
        if (n < range[0] || n > range[1]) throw bad(t, value, 'an integer in range');
        return n;
      }
      if (BigInt(s) > 9223372036854775807n || BigInt(s) < -9223372036854775808n) {
        throw bad(t, value, 'an integer in range');
      }
      return s;
    }
    case 'float':
    case 'decimal':
      if (typeof value === 'boolean' || !NUMBER.test(s)) throw bad(t, value, 'a number');
      return t.type === 'float' ? Number(s) : s;
    case 'boolean':
      if (value === true || s === 'true' || s === '1') return true;
      if (value === false || s === 'false' || s === '0') return false;
      throw bad(t, value, 'a boolean');
    case 'uuid':
      if (!isUuid(s)) throw bad(t, value, 'a UUID');
      return s.toLowerCase();
    case 'date':
    case 'dateTime':
    case 'timestamp':
      if (!DATETIME.test(s) || !validDate(s)) throw bad(t, value, 'a date');
      return s;
    case 'time':
      if (!TIME.test(s)) throw bad(t, value, 'a time (HH:MM[:SS])');
      return s;
    case 'string':
    case 'text':
    case 'csv':
    case 'hash':
      return s;
    default:
      throw bad(t, value, 'a value it can be compared with');
  }
}
