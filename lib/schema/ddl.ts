import crypto from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type RawBuilder } from 'kysely';
import { fieldError, InvalidPayloadError } from '@/lib/core/errors';
import { COLUMN_TYPE } from './field-types';
import type { FieldType } from './types';
import { isUuid } from '@/lib/core/guards';

export type ColumnType = Exclude<FieldType, 'alias' | 'unknown'>;
export const COLUMN_TYPES = Object.keys(COLUMN_TYPE) as ColumnType[];

/** The column facts a field payload may declare (the rest of `schema` is read-only). */
export interface ColumnSchemaInput {
  max_length?: number | null;
  numeric_precision?: number | null;
  numeric_scale?: number | null;
  is_nullable?: boolean;
  default_value?: unknown;
  is_primary_key?: boolean;
  has_auto_increment?: boolean;
  is_unique?: boolean;
  is_indexed?: boolean;
}

export interface ColumnField {
  field: string;
  type: ColumnType;
  schema?: ColumnSchemaInput | null;
}

const MAX_VARCHAR = 10_485_760;

/**
 * A string as a SQL literal. DDL cannot take bind parameters, so defaults are written into
 * the statement: an escape string (E'...') doubles backslashes and quotes, which reads the
 * same whatever `standard_conforming_strings` is set to.
 */
export function literal(value: string): string {
  if (value.includes('\0')) throw new InvalidPayloadError('Text values cannot contain NUL bytes');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Who is at fault: the field's name for the message, and the payload key for the data. */
interface At {
  /** The field being created or changed, named in the message when known. */
  name?: string;
  /** The payload key under `schema` (`max_length`...), or `type` itself. */
  key: string;
}

/**
 * A refused type or size: the message names the field, and the payload key at fault is data
 * (`type`, or `schema` with the key as `path`), as every other validation error has it.
 */
function typeError(at: At, why: string): never {
  const where =
    at.key === 'type' ? { field: 'type' } : { field: 'schema', path: ['schema', at.key] };
  const text = at.key === 'type' ? why : `${at.key} ${why}`;
  throw fieldError(InvalidPayloadError, at.name ? `Field "${at.name}": ${text}` : text, {
    ...where,
    type: 'invalid',
    message: text,
  });
}

function intIn(value: unknown, min: number, max: number, at: At): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    typeError(at, `must be an integer between ${min} and ${max}`);
  }
  return value;
}

/**
 * The database type of a field: only whitelisted names and validated integers. `name` is
 * the field's, for the refusal's message.
 */
export function columnType(
  type: ColumnType,
  schema: ColumnSchemaInput | null = {},
  name?: string,
): string {
  const s = schema ?? {};
  if (type === 'string' || type === 'hash') {
    const n = s.max_length ?? 255;
    return `varchar(${intIn(n, 1, MAX_VARCHAR, { name, key: 'max_length' })})`;
  }
  if (type === 'decimal') {
    const p = intIn(s.numeric_precision ?? 10, 1, 1000, { name, key: 'numeric_precision' });
    const sc = intIn(s.numeric_scale ?? 5, 0, p, { name, key: 'numeric_scale' });
    return `numeric(${p}, ${sc})`;
  }
  const base = COLUMN_TYPE[type];
  if (!base) typeError({ name, key: 'type' }, `unknown field type "${String(type)}"`);
  return base;
}

/** `special` flags a type needs in its metadata row to read back as itself. */
export function specialFor(type: ColumnType): string[] {
  if (type === 'csv') return ['cast-csv'];
  if (type === 'hash') return ['hash'];
  return [];
}

const EXPRESSIONS: Record<string, { sql: string; types: ColumnType[] }> = {
  'now()': { sql: 'now()', types: ['dateTime', 'timestamp', 'date', 'time'] },
  current_timestamp: { sql: 'CURRENT_TIMESTAMP', types: ['dateTime', 'timestamp', 'date', 'time'] },
  current_date: { sql: 'CURRENT_DATE', types: ['date', 'dateTime', 'timestamp'] },
  current_time: { sql: 'CURRENT_TIME', types: ['time'] },
  'gen_random_uuid()': { sql: 'gen_random_uuid()', types: ['uuid'] },
};

const TEMPORAL = /^[0-9][0-9:\-+. TZ]*$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

function refuse(field: string, value: unknown, why: string): never {
  const shown = typeof value === 'string' ? value.slice(0, 100) : JSON.stringify(value);
  throw fieldError(
    InvalidPayloadError,
    `Invalid default value ${shown} for field "${field}": ${why}`,
    { field: 'schema', type: 'invalid', message: why, path: ['schema', 'default_value'] },
  );
}

/**
 * The DEFAULT clause of a field as SQL, or null for none. Literals are validated for the
 * type and escaped; expressions come only from a short whitelist.
 */
export function defaultSql(
  field: string,
  type: ColumnType,
  value: unknown,
): RawBuilder<unknown> | null {
  if (value === null || value === undefined) return null;
  const expr = typeof value === 'string' ? EXPRESSIONS[value.trim().toLowerCase()] : undefined;
  const textual = type === 'string' || type === 'text' || type === 'hash' || type === 'csv';
  if (expr && !textual) {
    if (!expr.types.includes(type)) refuse(field, value, `not allowed for type ${type}`);
    return sql.raw(expr.sql);
  }
  switch (type) {
    case 'string':
    case 'text':
    case 'hash':
      if (typeof value === 'object') refuse(field, value, 'expected a string');
      return sql.raw(literal(String(value)));
    case 'csv':
      if (Array.isArray(value)) return sql.raw(literal(value.map(String).join(',')));
      if (typeof value === 'object') refuse(field, value, 'expected a string or a list');
      return sql.raw(literal(String(value)));
    case 'integer':
    case 'bigInteger': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n))
        refuse(field, value, 'expected an integer');
      return sql.raw(String(n));
    }
    case 'float':
    case 'decimal':
      if (typeof value === 'number' && Number.isFinite(value)) return sql.raw(String(value));
      if (typeof value === 'string' && NUMERIC.test(value)) return sql.raw(value);
      return refuse(field, value, 'expected a number');
    case 'boolean':
      if (value === true || value === 'true') return sql.raw('true');
      if (value === false || value === 'false') return sql.raw('false');
      return refuse(field, value, 'expected true or false');
    case 'uuid':
      if (isUuid(value)) return sql.raw(literal(value));
      return refuse(field, value, 'expected a UUID or gen_random_uuid()');
    case 'date':
    case 'time':
    case 'dateTime':
    case 'timestamp':
      if (typeof value === 'string' && TEMPORAL.test(value)) return sql.raw(literal(value));
      return refuse(
        field,
        value,
        'expected a date/time literal or one of now(), CURRENT_TIMESTAMP, CURRENT_DATE, CURRENT_TIME',
      );
    case 'json': {
      let text: string;
      if (typeof value === 'string') {
        try {
          JSON.parse(value);
          text = value;
        } catch {
          return refuse(field, value, 'expected JSON');
        }
      } else {
        text = JSON.stringify(value);
      }
      return sql.raw(`${literal(text)}::jsonb`);
    }
  }
  return refuse(field, value, `unsupported for type ${String(type)}`);
}

/** Refuses key settings the database cannot honour for the type. */
export function assertColumnField(f: ColumnField): void {
  const s = f.schema ?? {};
  if (
    s.has_auto_increment &&
    !(s.is_primary_key && (f.type === 'integer' || f.type === 'bigInteger'))
  ) {
    typeError(
      { name: f.field, key: 'has_auto_increment' },
      'is only supported on an integer or bigInteger primary key',
    );
  }
  if (s.is_primary_key && !['integer', 'bigInteger', 'uuid', 'string'].includes(f.type)) {
    typeError(
      { name: f.field, key: 'type' },
      'a primary key must be of type integer, bigInteger, uuid or string',
    );
  }
  columnType(f.type, s, f.field);
}

function autoIncrements(f: ColumnField): boolean {
  const s = f.schema ?? {};
  return (
    !!s.is_primary_key &&
    (f.type === 'integer' || f.type === 'bigInteger') &&
    s.has_auto_increment !== false
  );
}

/** Applies nullability, key, identity, uniqueness and default to a kysely column builder. */
export function applyColumn(col: ColumnDefinitionBuilder, f: ColumnField): ColumnDefinitionBuilder {
  const s = f.schema ?? {};
  let c = col;
  if (s.is_primary_key) {
    c = c.primaryKey();
    if (autoIncrements(f)) c = c.generatedByDefaultAsIdentity();
    if (f.type === 'uuid' && s.default_value == null) c = c.defaultTo(sql`gen_random_uuid()`);
  } else if (s.is_nullable === false) {
    c = c.notNull();
  }
  if (s.is_unique && !s.is_primary_key) c = c.unique();
  if (!autoIncrements(f)) {
    const d = defaultSql(f.field, f.type, s.default_value);
    if (d) c = c.defaultTo(d);
  }
  return c;
}

/** The data type of a field as a raw SQL fragment for `addColumn`. */
export function dataType(f: ColumnField): RawBuilder<unknown> {
  return sql.raw(columnType(f.type, f.schema ?? {}));
}

/** Index names: `<table>_<fields>_<kind>`, shortened with a hash past PostgreSQL's 63 bytes. */
export function indexName(table: string, fields: string[], kind: 'index' | 'unique'): string {
  const name = `${table}_${fields.join('_')}_${kind}`;
  if (name.length <= 63) return name;
  const hash = crypto.createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 63 - kind.length - 10)}_${hash}_${kind}`;
}
