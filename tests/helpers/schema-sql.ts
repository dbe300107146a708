import crypto from 'node:crypto';
import { sql } from 'kysely';

/** A table or field name unique to this run. */
export const uid = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

export async function db() {
  return (await import('@/lib/db/client')).getDb();
}

/**
 * What a reload of the schema on request does (`POST /api/utils/cache/clear?system=true`):
 * the cached overview dropped, and the tables made outside the API watched for writes.
 */
export async function reloaded(): Promise<void> {
  const { getSchema, invalidateSchema } = await import('@/lib/schema/overview');
  const { watchReadTables } = await import('@/lib/schema/watch-reads');
  invalidateSchema();
  const conn = await db();
  await watchReadTables(conn, await getSchema(conn));
}

/** Plain SQL for setting up tables, then the schema reloaded as after any such change. */
export async function exec(text: string): Promise<void> {
  await sql.raw(text).execute(await db());
  await reloaded();
}

/** A parent table with an integer key and a child table with a nullable `parent` column. */
export async function parentChild(childColumn = 'parent integer') {
  const parent = uid('rp');
  const child = uid('rc');
  await exec(`create table ${parent} (id serial primary key, name text)`);
  await exec(`create table ${child} (id serial primary key, ${childColumn}, title text)`);
  return { parent, child };
}

/** The foreign-key constraints on a table, with their rule letters. */
export async function constraint(table: string) {
  const res = await sql<{ conname: string; confdeltype: string; confupdtype: string }>`
    select conname, confdeltype, confupdtype from pg_constraint
    where contype = 'f' and conrelid = ${table}::regclass`.execute(await db());
  return res.rows;
}

/** The first entry of a structured error body. */
export const errorOf = (res: {
  body: { errors: { message: string; extensions: { code: string } }[] };
}) => res.body.errors[0];
