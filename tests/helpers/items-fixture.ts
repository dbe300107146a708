import { sql } from 'kysely';

/**
 * A small publishing schema for item tests, built with plain SQL plus the metadata rows the
 * studio would write, so every relation kind is present:
 *
 * - `<p>authors` ← m2o `<p>articles.author` (o2m alias `<p>authors.articles`)
 * - `<p>articles` ↔ `<p>tags` through the junction `<p>articles_tags` (m2m alias `tags`,
 *   junction fields `article_id`/`tag_id`)
 * - `<p>comments.article` → articles (o2m alias `<p>articles.comments`, sorted by `sort`)
 * - `<p>authors.country` → `<p>countries` (a second m2o hop)
 *
 * Call only after setupTestApp()'s beforeAll has run. Returns the table names.
 */
export interface ItemsFixture {
  authors: string;
  articles: string;
  tags: string;
  junction: string;
  comments: string;
  countries: string;
}

export interface ItemsFixtureOptions {
  /** Prefix for every table name, so several fixtures can share a database. */
  prefix?: string;
  /** Insert the sample rows (default true). */
  seed?: boolean;
}

export async function createItemsFixture(options: ItemsFixtureOptions = {}): Promise<ItemsFixture> {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const db = getDb();
  const p = options.prefix ?? '';
  const t: ItemsFixture = {
    authors: `${p}authors`,
    articles: `${p}articles`,
    tags: `${p}tags`,
    junction: `${p}articles_tags`,
    comments: `${p}comments`,
    countries: `${p}countries`,
  };
  const ddl = [
    `create table ${t.countries} (id serial primary key, name varchar(100))`,
    `create table ${t.authors} (id serial primary key, name varchar(255) not null, bio text,
      country integer references ${t.countries}(id), born date, joined timestamptz,
      rating numeric(6,2), big bigint, settings jsonb)`,
    `create table ${t.articles} (id serial primary key, title varchar(255), body text,
      status varchar(20) default 'draft', views integer default 0, published timestamptz,
      author integer references ${t.authors}(id), data jsonb, code uuid, featured boolean)`,
    `create table ${t.tags} (id serial primary key, name varchar(100))`,
    `create table ${t.junction} (id serial primary key,
      article_id integer references ${t.articles}(id) on delete cascade,
      tag_id integer references ${t.tags}(id) on delete cascade)`,
    `create table ${t.comments} (id serial primary key, article integer references ${t.articles}(id),
      body text, sort integer)`,
  ];
  for (const statement of ddl) await sql.raw(statement).execute(db);

  await db
    .insertInto('daas_fields')
    .values([
      {
        collection: t.authors,
        field: 'articles',
        special: JSON.stringify(['o2m']),
        interface: 'list-o2m',
      },
      {
        collection: t.articles,
        field: 'tags',
        special: JSON.stringify(['m2m']),
        interface: 'list-m2m',
      },
      {
        collection: t.articles,
        field: 'comments',
        special: JSON.stringify(['o2m']),
        interface: 'list-o2m',
      },
    ])
    .execute();
  await db
    .insertInto('daas_relations')
    .values([
      {
        many_collection: t.articles,
        many_field: 'author',
        one_collection: t.authors,
        one_field: 'articles',
      },
      { many_collection: t.authors, many_field: 'country', one_collection: t.countries },
      {
        many_collection: t.junction,
        many_field: 'article_id',
        one_collection: t.articles,
        one_field: 'tags',
        junction_field: 'tag_id',
      },
      {
        many_collection: t.junction,
        many_field: 'tag_id',
        one_collection: t.tags,
        junction_field: 'article_id',
      },
      {
        many_collection: t.comments,
        many_field: 'article',
        one_collection: t.articles,
        one_field: 'comments',
        sort_field: 'sort',
      },
    ])
    .execute();
  if (options.seed ?? true) await seed(t);
  invalidateSchema();
  return t;
}

async function seed(t: ItemsFixture): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  const db = getDb();
  const statements = [
    `insert into ${t.countries} (id, name) values (1, 'Norway'), (2, 'Chile')`,
    `insert into ${t.authors} (id, name, bio, country, born, joined, rating, big, settings) values
      (1, 'Ada', 'Writes about engines', 1, '1815-12-10', '2026-01-01 10:00:00+00', 4.50, 9007199254740993, '{"theme": "dark"}'),
      (2, 'Grace', 'Compilers, (mostly) "nested"', 2, '1906-12-09', '2026-02-03 04:05:06.789+02', 3.25, 42, null),
      (3, 'Linus', null, null, null, null, null, null, null)`,
    `insert into ${t.articles} (id, title, body, status, views, published, author, data, code, featured) values
      (1, 'Engines of thought', 'Analytical engine notes', 'published', 10, '2024-03-01 12:00:00+00', 1, '{"topic": "mechanics", "pages": 12}', '6b1f0a52-6a30-4d6e-9a55-6fd1f5b8c001', true),
      (2, 'Debugging moths', 'A moth in the relay', 'published', 30, '2023-09-09 15:45:00+00', 2, '{"topic": "bugs"}', null, false),
      (3, 'Compilers 101', 'From source to machine', 'draft', 5, '2024-07-15 08:00:00+00', 2, null, null, null),
      (4, 'Kernel diaries', '50% off, _really_ \\ escaped', 'published', 20, '2022-01-01 00:00:00+00', 3, '{"topic": "kernels, (os) \\"core\\""}', null, true),
      (5, 'Untitled', null, 'archived', 0, null, null, null, null, null)`,
    `insert into ${t.tags} (id, name) values (1, 'history'), (2, 'computing'), (3, 'hardware')`,
    `insert into ${t.junction} (article_id, tag_id) values (1, 1), (1, 2), (1, 3), (2, 2), (3, 2), (4, 3)`,
    `insert into ${t.comments} (article, body, sort) values
      (1, 'first', 2), (1, 'second', 1), (1, 'third', 3), (2, 'only', 1)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
  for (const table of Object.values(t)) {
    await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), 100)`).execute(db);
  }
}
