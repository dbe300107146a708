import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

setupTestApp();

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

describe('database introspection', () => {
  it('reads columns, keys, defaults and foreign keys of tables created with plain SQL', async () => {
    const d = await db();
    await sql`create table intro_authors (id serial primary key, name varchar(80) not null unique)`.execute(
      d,
    );
    await sql`create table intro_articles (
      id uuid primary key default gen_random_uuid(),
      title varchar(200) default 'untitled',
      price numeric(10,2) default 0,
      views bigint not null default 0,
      published timestamptz default now(),
      author integer references intro_authors(id) on delete set null on update cascade
    )`.execute(d);
    await sql`create view intro_titles as select title from intro_articles`.execute(d);
    const { introspect } = await import('@/lib/schema/introspect');
    const s = await introspect(d);

    expect(s.tables.find((t) => t.name === 'intro_titles')?.type).toBe('view');
    const col = (t: string, c: string) => s.columns.find((x) => x.table === t && x.name === c)!;
    expect(col('intro_authors', 'id')).toMatchObject({
      isPrimaryKey: true,
      hasAutoIncrement: true,
      defaultValue: null,
    });
    expect(col('intro_authors', 'name')).toMatchObject({
      maxLength: 80,
      isNullable: false,
      isUnique: true,
      dataType: 'character varying',
    });
    expect(col('intro_articles', 'title').defaultValue).toBe('untitled');
    expect(col('intro_articles', 'price')).toMatchObject({
      numericPrecision: 10,
      numericScale: 2,
      defaultValue: 0,
    });
    expect(col('intro_articles', 'views')).toMatchObject({
      dataType: 'bigint',
      defaultValue: 0,
      isNullable: false,
    });
    expect(col('intro_articles', 'published').defaultValue).toBe('now()');
    expect(col('intro_articles', 'id').defaultValue).toBe('gen_random_uuid()');
    expect(s.foreignKeys.find((f) => f.table === 'intro_articles')).toMatchObject({
      column: 'author',
      foreignKeyTable: 'intro_authors',
      foreignKeyColumn: 'id',
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    });
  });
});
