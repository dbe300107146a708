import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { ColumnInfo, DatabaseSchema, ForeignKeyInfo, IndexInfo, TableInfo } from './types';

const RULES: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

interface ColumnRow {
  table: string;
  name: string;
  data_type: string;
  default_value: string | null;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: boolean;
  is_identity: boolean;
  is_generated: boolean;
  comment: string | null;
}

const NUMERIC_CAST = /^(bigint|integer|smallint|numeric|real|double precision)$/;

function numberOrText(text: string): number | string {
  const n = Number(text);
  return String(n) ===
    text
      .replace(/^(-?)0+(?=\d)/, '$1')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '')
    ? n
    : text;
}

/** Literal defaults become values; expressions such as `now()` stay as their text. */
export function parseDefault(
  raw: string | null,
  hasAutoIncrement: boolean,
): ColumnInfo['defaultValue'] {
  if (raw === null || hasAutoIncrement) return null;
  const literal = /^'((?:[^']|'')*)'(?:::([\w\s."[\]]+))?$/.exec(raw);
  if (literal) {
    const text = literal[1].replace(/''/g, "'");
    // PostgreSQL quotes numbers outside the int4 range ('5000000000'::bigint): still numbers,
    // kept as text only where a JavaScript number would lose digits.
    if (literal[2] && NUMERIC_CAST.test(literal[2]) && /^-?\d+(\.\d+)?$/.test(text)) {
      return numberOrText(text);
    }
    return text;
  }
  if (/^-?\d+(\.\d+)?$/.test(raw)) return numberOrText(raw);
  if (/^\(?-?\d+(\.\d+)?\)?::[\w\s]+$/.test(raw)) {
    return numberOrText(raw.replace(/[()]/g, '').split('::')[0]);
  }
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^null::/i.test(raw)) return null;
  return raw;
}

/**
 * Reads tables, views, columns, keys and indexes of one database schema from pg_catalog.
 * One round trip per kind of object, whatever the number of tables.
 */
export async function introspect(db: Db, schema = 'public'): Promise<DatabaseSchema> {
  const tables = await sql<{ name: string; kind: string; comment: string | null }>`
    select c.relname as name, c.relkind as kind, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')
    order by c.relname`.execute(db);

  const columns = await sql<ColumnRow>`
    select c.relname as table, a.attname as name,
      format_type(a.atttypid, null) as data_type,
      pg_get_expr(d.adbin, d.adrelid) as default_value,
      case when a.atttypid in (1042, 1043) and a.atttypmod > 0 then a.atttypmod - 4 end as max_length,
      case when a.atttypid = 1700 and a.atttypmod > 0 then ((a.atttypmod - 4) >> 16) & 65535
           when a.atttypid in (20, 21, 23, 700, 701) then information_schema._pg_numeric_precision(a.atttypid, a.atttypmod)
      end as numeric_precision,
      case when a.atttypid = 1700 and a.atttypmod > 0 then (a.atttypmod - 4) & 65535
           when a.atttypid in (20, 21, 23) then 0
      end as numeric_scale,
      not a.attnotnull as is_nullable,
      (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as is_identity,
      a.attgenerated <> '' as is_generated,
      col_description(c.oid, a.attnum) as comment
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);

  const indexes = await sql<{
    table: string;
    name: string;
    columns: string[];
    unique: boolean;
    primary: boolean;
  }>`
    select t.relname as table, i.relname as name,
      array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord)::text[] as columns,
      x.indisunique as unique, x.indisprimary as primary
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema}
    order by t.relname, i.relname`.execute(db);

  const fks = await sql<{
    table: string;
    column: string;
    ftable: string;
    fcolumn: string;
    name: string;
    upd: string;
    del: string;
  }>`
    select t.relname as table, a.attname as column, ft.relname as ftable, fa.attname as fcolumn,
      con.conname as name, con.confupdtype as upd, con.confdeltype as del
    from pg_constraint con
    join pg_class t on t.oid = con.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_class ft on ft.oid = con.confrelid
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    join pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = con.confkey[1]
    where con.contype = 'f' and n.nspname = ${schema} and array_length(con.conkey, 1) = 1
    order by t.relname, a.attname`.execute(db);

  const indexList: IndexInfo[] = indexes.rows.map((r) => ({ ...r, columns: [...r.columns] }));
  const foreignKeys: ForeignKeyInfo[] = fks.rows.map((r) => ({
    table: r.table,
    column: r.column,
    foreignKeyTable: r.ftable,
    foreignKeyColumn: r.fcolumn,
    constraintName: r.name,
    onUpdate: RULES[r.upd] ?? 'NO ACTION',
    onDelete: RULES[r.del] ?? 'NO ACTION',
  }));

  const singleColumn = (table: string, column: string, pred: (i: IndexInfo) => boolean) =>
    indexList.some(
      (i) => i.table === table && i.columns.length === 1 && i.columns[0] === column && pred(i),
    );

  const tableList: TableInfo[] = tables.rows.map((t) => ({
    name: t.name,
    schema,
    type: t.kind === 'v' || t.kind === 'm' ? 'view' : 'table',
    comment: t.comment,
  }));

  const columnList: ColumnInfo[] = columns.rows.map((c) => {
    const fk = foreignKeys.find((f) => f.table === c.table && f.column === c.name);
    return {
      table: c.table,
      name: c.name,
      dataType: c.data_type,
      defaultValue: parseDefault(c.default_value, c.is_identity),
      maxLength: c.max_length,
      numericPrecision: c.numeric_precision,
      numericScale: c.numeric_scale,
      isNullable: c.is_nullable,
      isPrimaryKey: singleColumn(c.table, c.name, (i) => i.primary),
      isUnique: singleColumn(c.table, c.name, (i) => i.unique),
      hasAutoIncrement: c.is_identity,
      isGenerated: c.is_generated,
      hasIndex: singleColumn(c.table, c.name, () => true),
      foreignKeyTable: fk?.foreignKeyTable ?? null,
      foreignKeyColumn: fk?.foreignKeyColumn ?? null,
      comment: c.comment,
    };
  });

  return { tables: tableList, columns: columnList, foreignKeys, indexes: indexList };
}
