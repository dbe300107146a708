import { sql, type RawBuilder } from 'kysely';
import type { FieldOverview } from '@/lib/schema/overview';

type Sql = RawBuilder<unknown>;

/**
 * Every item is built as JSON by PostgreSQL, root rows included, so a field has the same
 * JSON value wherever it is read (root, nested object, nested array, aggregate min/max).
 * The rule, matching what the driver's parsers give for plain columns:
 * - timestamptz: UTC ISO 8601 with milliseconds, `2026-01-01T10:00:00.000Z`;
 * - timestamp (no zone): `2026-01-01T10:00:00`, date: `2026-01-01`, time: `10:00:00`;
 * - bigint: a JSON number while it is a safe integer (|n| ≤ 2^53-1), else a string;
 * - numeric/decimal: a string, exactly as stored (a JSON number would round it);
 * - everything else: PostgreSQL's own JSON form (numbers, booleans, strings, json as is).
 */
export function jsonValue(field: FieldOverview, column: Sql): Sql {
  const dataType = field.schema?.data_type ?? '';
  switch (dataType) {
    case 'timestamp with time zone':
      return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'bigint':
      return sql`case when ${column} between -9007199254740991 and 9007199254740991 then to_json(${column}) else to_json(${column}::text) end`;
    case 'numeric':
      return sql`${column}::text`;
    default:
      return column;
  }
}
