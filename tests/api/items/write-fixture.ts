import { sql } from 'kysely';
import { reloaded } from '../../helpers/schema-sql';

export interface FieldMetaRow {
  collection: string;
  field: string;
  special?: string[];
}

export interface RelationMetaRow {
  many_collection: string;
  many_field: string;
  /** Null for a many-to-any, with its allowed collections (JSON text) and type field. */
  one_collection: string | null;
  one_field?: string | null;
  one_allowed_collections?: string | null;
  one_collection_field?: string | null;
  junction_field?: string | null;
  one_deselect_action?: 'nullify' | 'delete';
}

/**
 * Tables from plain SQL plus their field and relation metadata, then a fresh schema
 * overview: what the collections, fields and relations endpoints would have produced.
 */
export async function defineSchema(input: {
  sql: string[];
  fields?: FieldMetaRow[];
  relations?: RelationMetaRow[];
  collections?: { collection: string; accountability?: string | null }[];
}): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  const db = getDb();
  for (const statement of input.sql) await sql.raw(statement).execute(db);
  for (const c of input.collections ?? []) {
    await db.insertInto('daas_collections').values(c).execute();
  }
  for (const f of input.fields ?? []) {
    await db
      .insertInto('daas_fields')
      .values({ ...f, special: f.special ? JSON.stringify(f.special) : null })
      .execute();
  }
  for (const r of input.relations ?? []) await db.insertInto('daas_relations').values(r).execute();
  await reloaded();
}

/** Rows of a table, ordered by id, straight from the database. */
export async function rows(table: string): Promise<Record<string, unknown>[]> {
  const { getDb } = await import('@/lib/db/client');
  const { rows: out } = await sql<
    Record<string, unknown>
  >`select * from ${sql.id(table)} order by 1`.execute(getDb());
  return out;
}

export async function count(table: string): Promise<number> {
  return (await rows(table)).length;
}
