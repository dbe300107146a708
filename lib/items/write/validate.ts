import 'server-only';
import crypto from 'node:crypto';
import { hashPassword } from '@/lib/core/passwords';
import {
  AppError,
  FailedValidationError,
  fieldError,
  fieldProblems,
  InvalidPayloadError,
  type FieldProblem,
} from '@/lib/core/errors';
import type { FieldOverview } from '@/lib/schema/overview';
import { isUuid } from '@/lib/core/guards';

const INT_RANGE: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
const DIGITS = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,6})?)?$/;
const DATETIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function invalid(field: FieldOverview, value: unknown, expected: string): AppError {
  return fieldError(
    InvalidPayloadError,
    `Invalid value (${describe(value)}) for field "${field.field}": expected ${expected}`,
    { field: field.field, type: 'invalid_type', message: `Expected ${expected}` },
  );
}

/** A value of the right type that breaks a limit of its column (length, range, precision). */
function outOfBounds(field: FieldOverview, type: string, what: string): AppError {
  return fieldError(InvalidPayloadError, `Value for field "${field.field}" ${what}`, {
    field: field.field,
    type,
    message: what[0].toUpperCase() + what.slice(1),
  });
}

function validDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d)
  );
}

function integer(field: FieldOverview, value: unknown): number {
  const n = typeof value === 'string' && DIGITS.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw invalid(field, value, 'an integer');
  const [min, max] = INT_RANGE[field.schema?.data_type ?? 'integer'] ?? INT_RANGE.integer;
  if (n < min || n > max) {
    throw outOfBounds(field, 'range', `is out of range (${min} to ${max})`);
  }
  return n;
}

function bigInteger(field: FieldOverview, value: unknown): string {
  let n: bigint;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && DIGITS.test(value.trim())) n = BigInt(value.trim());
  else throw invalid(field, value, 'an integer or a string of digits');
  if (n < INT8_MIN || n > INT8_MAX) {
    throw outOfBounds(field, 'range', 'is out of the bigInteger range');
  }
  return n.toString();
}

function float(field: FieldOverview, value: unknown): number {
  const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(field, value, 'a number');
  return n;
}

function decimal(field: FieldOverview, value: unknown): string {
  let text: string;
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Plain notation: 1e21 would not parse as a decimal literal.
    text =
      Math.abs(value) < 1e21
        ? String(value)
        : value.toLocaleString('en-US', { useGrouping: false });
  } else if (typeof value === 'string') text = value.trim();
  else throw invalid(field, value, 'a number or a numeric string');
  if (/e/i.test(text) && NUMBER.test(text)) text = Number(text).toString();
  const m = DECIMAL.exec(text);
  if (!m) throw invalid(field, value, 'a number or a numeric string');
  const precision = field.schema?.numeric_precision;
  const scale = field.schema?.numeric_scale ?? 0;
  if (precision) {
    const whole = m[1].replace(/^0+/, '').length;
    const fraction = (m[2] ?? '').replace(/0+$/, '').length;
    if (whole > precision - scale || fraction > scale) {
      throw outOfBounds(field, 'range', `does not fit decimal(${precision}, ${scale})`);
    }
  }
  return text;
}

function boolean(field: FieldOverview, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(field, value, 'a boolean');
}

function time(field: FieldOverview, value: unknown): string {
  if (typeof value !== 'string' || !TIME.test(value))
    throw invalid(field, value, 'a time HH:MM[:SS]');
  return value.length === 5 ? `${value}:00` : value;
}

function date(field: FieldOverview, value: unknown): string {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m || !validDate(m[1], m[2], m[3])) throw invalid(field, value, 'a date YYYY-MM-DD');
  return value as string;
}

/**
 * `dateTime` (no zone) keeps the wall-clock time as written: a zone suffix is dropped, as
 * PostgreSQL would. `timestamp` becomes an instant in UTC; without a zone, UTC is assumed
 * rather than the server's local zone.
 */
function dateTime(field: FieldOverview, value: unknown, withZone: boolean): string {
  const m = typeof value === 'string' ? DATETIME.exec(value.trim()) : null;
  const dm = m ? DATE.exec(m[1]) : null;
  if (!m || !dm || !validDate(dm[1], dm[2], dm[3]) || (m[2] && !TIME.test(m[2]))) {
    throw invalid(field, value, 'an ISO 8601 date and time');
  }
  const local = `${m[1]}T${m[2] ?? '00:00:00'}`;
  if (!withZone) return local.length === 16 ? `${local}:00` : local;
  const zone = m[3] ? (m[3].toUpperCase() === 'Z' ? 'Z' : m[3]) : 'Z';
  const normalisedZone = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const fullZone = /^[+-]\d{2}$/.test(normalisedZone) ? `${normalisedZone}:00` : normalisedZone;
  const instant = new Date(`${local}${fullZone}`);
  if (Number.isNaN(instant.getTime())) throw invalid(field, value, 'an ISO 8601 date and time');
  return instant.toISOString();
}

function csv(field: FieldOverview, value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.map(String).join(',');
  }
  throw invalid(field, value, 'an array of strings or a comma-separated string');
}

function string(field: FieldOverview, value: unknown): string {
  if (typeof value !== 'string') throw invalid(field, value, 'a string');
  const max = field.schema?.max_length;
  if (max && [...value].length > max) {
    throw outOfBounds(field, 'max_length', `is too long (at most ${max} characters)`);
  }
  return value;
}

/**
 * A payload value checked against its field's type and turned into what is bound in SQL.
 * Null is returned as is: whether the field may be null is decided by the caller, which
 * knows whether this is a create or an update.
 */
export async function coerceValue(field: FieldOverview, value: unknown): Promise<unknown> {
  if (value === null) return null;
  switch (field.type) {
    case 'string':
      return string(field, value);
    case 'text':
      if (typeof value !== 'string') throw invalid(field, value, 'a string');
      return value;
    case 'integer':
      return integer(field, value);
    case 'bigInteger':
      return bigInteger(field, value);
    case 'float':
      return float(field, value);
    case 'decimal':
      return decimal(field, value);
    case 'boolean':
      return boolean(field, value);
    case 'uuid':
      if (!isUuid(value)) throw invalid(field, value, 'a UUID');
      return value.toLowerCase();
    case 'date':
      return date(field, value);
    case 'time':
      return time(field, value);
    case 'dateTime':
      return dateTime(field, value, false);
    case 'timestamp':
      return dateTime(field, value, true);
    case 'json':
      // Bound as text: drivers would turn a JS array into a PostgreSQL array literal.
      return JSON.stringify(value);
    case 'csv':
      return string(field, csv(field, value));
    case 'hash':
      if (typeof value !== 'string' || value === '')
        throw invalid(field, value, 'a non-empty string');
      return hashPassword(value);
    default:
      return value;
  }
}

/** Whether a create must supply this field: not null, no default, not generated. */
export function isRequired(field: FieldOverview): boolean {
  const s = field.schema;
  if (!s) return false;
  return (
    !s.is_nullable &&
    (s.default_value === null || s.default_value === undefined) &&
    !s.has_auto_increment &&
    !s.is_generated
  );
}

/** A required field left out or sent as null: FAILED_VALIDATION of type `required`, as Directus. */
export function requiredError(field: FieldOverview): AppError {
  return fieldError(FailedValidationError, `Field "${field.field}" is required and can't be null`, {
    field: field.field,
    type: 'required',
    message: "Is required and can't be null",
  });
}

/** A key as sent in a URL or payload, in its primary key's type; null when it cannot be one. */
export async function coerceKey(
  field: FieldOverview,
  key: unknown,
): Promise<string | number | null> {
  try {
    const value = await coerceValue(field, key);
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** A uuid primary key without a database default gets one here, as Directus does. */
export function generatedKey(field: FieldOverview): string | undefined {
  if (field.type !== 'uuid' || field.schema?.default_value != null) return undefined;
  return crypto.randomUUID();
}

/**
 * Collects the field errors of one payload so they are answered together: one error with
 * every field's problem, of the first error's code when all share it, else INVALID_PAYLOAD.
 */
export class FieldProblems {
  private readonly errors: AppError[] = [];

  add(err: AppError): void {
    this.errors.push(err);
  }

  /** Runs a check; an error naming fields is kept, any other is thrown at once. */
  async check(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof AppError) || !fieldProblems(err).length) throw err;
      this.add(err);
    }
  }

  throwAny(): void {
    const [first] = this.errors;
    if (!first) return;
    if (this.errors.length === 1) throw first;
    const list: FieldProblem[] = this.errors.flatMap(fieldProblems);
    const Kind = this.errors.every((e) => e.code === first.code)
      ? first.code === FailedValidationError.code
        ? FailedValidationError
        : InvalidPayloadError
      : InvalidPayloadError;
    const names = [...new Set(list.map((p) => `"${p.field}"`))].join(', ');
    throw fieldError(Kind, `Invalid values for fields ${names}`, list);
  }
}
