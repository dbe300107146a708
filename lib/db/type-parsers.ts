/**
 * One set of value parsers for both drivers, so a row reads the same from PGlite and from a
 * PostgreSQL server. Keys are PostgreSQL type OIDs.
 */
export const PG_OIDS = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

function parseTimestamptz(value: string): string {
  // PostgreSQL prints "2026-01-02 03:04:05.678+00"; clients expect ISO 8601.
  const d = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function parseTimestamp(value: string): string {
  return value.replace(' ', 'T');
}

export const typeParsers: Record<number, (value: string) => unknown> = {
  [PG_OIDS.int8]: parseInt8,
  [PG_OIDS.numeric]: (v) => v,
  [PG_OIDS.date]: (v) => v,
  [PG_OIDS.timestamp]: parseTimestamp,
  [PG_OIDS.timestamptz]: parseTimestamptz,
};
