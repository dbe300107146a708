import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';

export type Key = string | number;
export type Row = Record<string, unknown>;

/**
 * Statements on user collections. Every name here was resolved against the schema
 * overview before it arrives, and is emitted with sql.id; every value is bound.
 */
function keyList(keys: Key[]): RawBuilder<unknown> {
  return sql.join(keys.map((k) => sql`${k}`));
}

/** `insert ... returning *` of one row (default values when none are given). */
export function insertStatement(input: { table: string; values: Row }): RawBuilder<Row> {
  const cols = Object.keys(input.values);
  return cols.length
    ? sql<Row>`insert into ${sql.id(input.table)} (${sql.join(cols.map((c) => sql.id(c)))})
        values (${sql.join(cols.map((c) => sql`${input.values[c]}`))}) returning *`
    : sql<Row>`insert into ${sql.id(input.table)} default values returning *`;
}

export async function insertRow(db: Db, input: { table: string; values: Row }): Promise<Row> {
  const { rows } = await insertStatement(input).execute(db);
  return rows[0];
}

/** One multi-row UPDATE; returns the rows as they are afterwards. */
export async function updateRows(
  db: Db,
  input: { table: string; pk: string; keys: Key[]; values: Row },
): Promise<Row[]> {
  if (!input.keys.length) return [];
  const cols = Object.keys(input.values);
  if (!cols.length) return selectRows(db, input);
  const set = sql.join(cols.map((c) => sql`${sql.id(c)} = ${input.values[c]}`));
  const { rows } = await sql<Row>`update ${sql.id(input.table)} set ${set}
    where ${sql.id(input.pk)} in (${keyList(input.keys)}) returning *`.execute(db);
  return rows;
}

/** One multi-row DELETE; returns the rows as they were. */
export async function deleteRows(
  db: Db,
  input: { table: string; pk: string; keys: Key[] },
): Promise<Row[]> {
  if (!input.keys.length) return [];
  const { rows } = await sql<Row>`delete from ${sql.id(input.table)}
    where ${sql.id(input.pk)} in (${keyList(input.keys)}) returning *`.execute(db);
  return rows;
}

/** Rows by key, locked for the rest of the transaction so a concurrent write waits. */
export async function selectRows(
  db: Db,
  input: { table: string; pk: string; keys: Key[] },
): Promise<Row[]> {
  if (!input.keys.length) return [];
  const { rows } = await sql<Row>`select * from ${sql.id(input.table)}
    where ${sql.id(input.pk)} in (${keyList(input.keys)}) for update`.execute(db);
  return rows;
}

/** Keys of the rows whose `column` equals `value` (the children of an o2m parent). */
export async function keysWhere(
  db: Db,
  input: { table: string; pk: string; column: string; value: Key },
): Promise<Key[]> {
  const { rows } = await sql<Row>`select ${sql.id(input.pk)} as k from ${sql.id(input.table)}
    where ${sql.id(input.column)} = ${input.value}`.execute(db);
  return rows.map((r) => r.k as Key);
}

/** Keys of the rows a compiled filter (over the table's own name as alias) matches, locked. */
export async function matchingKeys(
  db: Db,
  input: { table: string; pk: string; where: RawBuilder<boolean>; limit: number },
): Promise<Key[]> {
  const { rows } = await sql<Row>`select ${sql.id(input.pk)} as k from ${sql.id(input.table)}
    where ${input.where} order by ${sql.id(input.pk)} limit ${input.limit} for update`.execute(db);
  return rows.map((r) => r.k as Key);
}
