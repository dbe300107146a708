import type { FieldType } from './types';

const BY_DATA_TYPE: Record<string, FieldType> = {
  'character varying': 'string',
  character: 'string',
  text: 'text',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'bigInteger',
  real: 'float',
  'double precision': 'float',
  numeric: 'decimal',
  boolean: 'boolean',
  uuid: 'uuid',
  date: 'date',
  'time without time zone': 'time',
  'time with time zone': 'time',
  'timestamp without time zone': 'dateTime',
  'timestamp with time zone': 'timestamp',
  json: 'json',
  jsonb: 'json',
};

/** The field type of a column, refined by the field's `special` flags (csv, hash). */
export function fieldTypeOf(dataType: string, special: string[]): FieldType {
  const base = BY_DATA_TYPE[dataType] ?? 'unknown';
  if (special.includes('cast-csv') && (base === 'string' || base === 'text')) return 'csv';
  if (special.includes('hash') && (base === 'string' || base === 'text')) return 'hash';
  return base;
}

/** The column type created for a field type; string lengths and decimal precision are applied by the DDL builder. */
export const COLUMN_TYPE: Record<Exclude<FieldType, 'alias' | 'unknown'>, string> = {
  string: 'varchar',
  text: 'text',
  integer: 'integer',
  bigInteger: 'bigint',
  float: 'double precision',
  decimal: 'numeric',
  boolean: 'boolean',
  uuid: 'uuid',
  date: 'date',
  time: 'time',
  dateTime: 'timestamp',
  timestamp: 'timestamptz',
  json: 'jsonb',
  csv: 'text',
  hash: 'varchar',
};

/** Types searched by `?search=` by default (json only by opting in with meta.searchable). */
export const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['string', 'text', 'csv']);
