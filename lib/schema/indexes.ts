import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import { InvalidPayloadError } from '@/lib/core/errors';
import { indexName } from './ddl';
import { assertIdentifier } from './identifiers';
import type { IndexSpec } from './payloads';

export interface TableIndex {
  name: string;
  /** Set when the index backs a constraint, which must be dropped as a constraint. */
  constraint: string | null;
  columns: string[];
  unique: boolean;
  primary: boolean;
}

/** The indexes of one table, read fresh inside the running transaction. */
export async function tableIndexes(db: Db, table: string): Promise<TableIndex[]> {
  const res = await sql<TableIndex>`
    select i.relname as name, con.conname as constraint,
      array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord)::text[] as columns,
      x.indisunique as unique, x.indisprimary as primary
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_constraint con on con.conindid = x.indexrelid and con.conrelid = t.oid
    where n.nspname = 'public' and t.relname = ${table}
    order by i.relname`.execute(db);
  return res.rows.map((r) => ({ ...r, columns: [...r.columns] }));
}

/** The column names of one table, read fresh inside the running transaction. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const res = await sql<{ name: string }>`
    select a.attname::text as name
    from pg_attribute a
    join pg_class t on t.oid = a.attrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and t.relname = ${table} and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return res.rows.map((r) => r.name);
}

export async function dropIndex(db: Db, table: string, index: TableIndex): Promise<void> {
  if (index.constraint) {
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(index.constraint)}`.execute(db);
  } else {
    await sql`drop index ${sql.id(index.name)}`.execute(db);
  }
}

async function createIndex(
  db: Db,
  table: string,
  spec: { name: string; fields: string[]; unique: boolean },
): Promise<void> {
  const cols = sql.join(spec.fields.map((f) => sql.id(f)));
  const kind = spec.unique ? sql`unique index` : sql`index`;
  await sql`create ${kind} ${sql.id(spec.name)} on ${sql.id(table)} (${cols})`.execute(db);
}

/** Adds or removes the single-column index behind `schema.is_unique` / `schema.is_indexed`. */
export async function setColumnIndex(
  db: Db,
  target: { table: string; column: string; unique: boolean; present: boolean },
): Promise<void> {
  const current = (await tableIndexes(db, target.table)).filter(
    (i) =>
      !i.primary &&
      i.unique === target.unique &&
      i.columns.length === 1 &&
      i.columns[0] === target.column,
  );
  if (target.present && !current.length) {
    const kind = target.unique ? 'unique' : 'index';
    await createIndex(db, target.table, {
      name: indexName(target.table, [target.column], kind),
      fields: [target.column],
      unique: target.unique,
    });
  }
  if (!target.present) for (const i of current) await dropIndex(db, target.table, i);
}

/**
 * Makes the multi-column indexes of a table match `meta.indexes`: the declared list is the
 * whole set, so an index over several columns that is not declared is dropped.
 */
export async function syncIndexes(
  db: Db,
  table: string,
  columns: string[],
  wanted: IndexSpec[],
): Promise<IndexSpec[]> {
  const declared = wanted.map((w) => {
    for (const f of w.fields) {
      assertIdentifier(f, 'field');
      if (!columns.includes(f)) {
        throw new InvalidPayloadError(`meta.indexes: field "${f}" doesn't exist in "${table}"`);
      }
    }
    if (new Set(w.fields).size !== w.fields.length) {
      throw new InvalidPayloadError('meta.indexes: an index lists the same field twice');
    }
    const unique = w.unique ?? false;
    const name = w.name
      ? assertIdentifier(w.name, 'field')
      : indexName(table, w.fields, unique ? 'unique' : 'index');
    return { name, fields: w.fields, unique };
  });
  const same = (
    a: { fields: string[]; unique: boolean },
    b: { columns: string[]; unique: boolean },
  ) => a.unique === b.unique && a.fields.join(',') === b.columns.join(',');
  const existing = (await tableIndexes(db, table)).filter(
    (i) => !i.primary && i.columns.length > 1,
  );
  for (const index of existing) {
    if (!declared.some((d) => same(d, index))) await dropIndex(db, table, index);
  }
  for (const d of declared) {
    if (!existing.some((i) => same(d, i))) await createIndex(db, table, d);
  }
  return declared;
}
