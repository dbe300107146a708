import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Accountability } from '@/lib/core/accountability';
import { getDb } from '@/lib/db/client';
import { compileFilter } from '@/lib/items/filter';
import type { Filter } from '@/lib/items/query';
import { getSchema, invalidateSchema } from '@/lib/schema/overview';
import { setupTestApp } from '../../helpers/app';

setupTestApp();

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2024-03-10T12:00:00.000Z');

function caller(user: string | null): Accountability {
  return {
    user,
    role: null,
    roles: user ? [U2] : [],
    policies: [],
    admin: false,
    app: false,
    ip: null,
    userAgent: null,
    session: null,
    assurance: 1,
    mfaRequired: false,
    via: null,
  };
}

/** Ids of the fr_posts rows the filter keeps, in order. */
async function ids(filter: Filter, user: string | null = U1): Promise<number[]> {
  const db = getDb();
  const schema = await getSchema(db);
  const where = compileFilter(filter, {
    schema,
    collection: 'fr_posts',
    alias: 'p',
    accountability: caller(user),
    now: NOW,
  });
  const res = await sql<{
    id: number;
  }>`select p.id from fr_posts as p where ${where} order by p.id`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  const db = getDb();
  await sql`create table fr_authors (id serial primary key, name varchar(100), owner uuid)`.execute(
    db,
  );
  await sql`create table fr_posts (
    id serial primary key, title varchar(100), body text, views integer, rating double precision,
    price numeric(10,2), published boolean, uid uuid, day date, at time, created timestamptz,
    metadata jsonb, labels text, author integer references fr_authors(id))`.execute(db);
  await sql`create table fr_comments (id serial primary key, post integer references fr_posts(id), body text)`.execute(
    db,
  );
  await sql`create table fr_tags (id serial primary key, name varchar(50))`.execute(db);
  await sql`create table fr_posts_tags (id serial primary key, posts_id integer references fr_posts(id), tags_id integer references fr_tags(id))`.execute(
    db,
  );
  await db
    .insertInto('daas_fields')
    .values([
      { collection: 'fr_posts', field: 'comments', special: JSON.stringify(['o2m']) },
      { collection: 'fr_posts', field: 'tags', special: JSON.stringify(['m2m']) },
      { collection: 'fr_posts', field: 'labels', special: JSON.stringify(['cast-csv']) },
    ] as never)
    .execute();
  await db
    .insertInto('daas_relations')
    .values([
      {
        many_collection: 'fr_comments',
        many_field: 'post',
        one_collection: 'fr_posts',
        one_field: 'comments',
      },
      {
        many_collection: 'fr_posts_tags',
        many_field: 'posts_id',
        one_collection: 'fr_posts',
        one_field: 'tags',
        junction_field: 'tags_id',
      },
      {
        many_collection: 'fr_posts_tags',
        many_field: 'tags_id',
        one_collection: 'fr_tags',
        junction_field: 'posts_id',
      },
    ])
    .execute();
  await sql`insert into fr_authors (name, owner) values ('Ann', ${U1}), ('Bob', ${U2})`.execute(db);
  await sql`insert into fr_posts (title, body, views, rating, price, published, uid, day, at, created, metadata, labels, author) values
    ('50% off', 'Hello World', 10, 1.5, 9.99, true, ${U1}, '2024-01-15', '08:30', '2024-03-10T06:00:00Z', '["a","b"]', 'x,y', 1),
    ('a_b', '', 20, 2.5, 19.99, false, ${U2}, '2023-06-01', '17:45:10', '2024-03-01T00:00:00Z', '{"k":{"n":"v"}}', '', 2),
    ('plain', null, null, null, null, null, null, null, null, null, '[]', null, null)`.execute(db);
  await sql`insert into fr_comments (post, body) values (1, 'good'), (1, 'bad'), (2, 'good')`.execute(
    db,
  );
  await sql`insert into fr_tags (name) values ('red'), ('blue')`.execute(db);
  await sql`insert into fr_posts_tags (posts_id, tags_id) values (1, 1), (1, 2), (2, 2)`.execute(
    db,
  );
  invalidateSchema();
});

describe('compiled filters on the database', () => {
  it.each<[string, Filter, number[]]>([
    ['_eq with a string for an integer', { views: { _eq: '10' } }, [1]],
    ['_neq leaves nulls out', { views: { _neq: 10 } }, [2]],
    ['_lt / _lte', { rating: { _lte: '2.5', _lt: 2.5 } }, [1]],
    ['_gt / _gte on decimals', { price: { _gte: '9.99', _gt: '10' } }, [2]],
    ['_in / _nin', { views: { _in: '10,20', _nin: [20] } }, [1]],
    ['_in with nothing', { views: { _in: [] } }, []],
    ['_null / _nnull', { views: { _null: true } }, [3]],
    ['_nnull', { views: { _nnull: 'true' } }, [1, 2]],
    ['_contains with a literal %', { title: { _contains: '%' } }, [1]],
    ['_contains with a literal _', { title: { _contains: '_' } }, [2]],
    ['_ncontains', { title: { _ncontains: '%' } }, [2, 3]],
    ['_icontains', { body: { _icontains: 'world' } }, [1]],
    ['_nicontains', { body: { _nicontains: 'WORLD' } }, [2]],
    ['_starts_with / _istarts_with', { title: { _istarts_with: 'PL' } }, [3]],
    ['_nstarts_with / _nistarts_with', { title: { _nistarts_with: 'P', _nstarts_with: '5' } }, [2]],
    ['_ends_with / _iends_with', { title: { _iends_with: 'OFF', _ends_with: 'off' } }, [1]],
    ['_nends_with / _niends_with', { title: { _niends_with: 'B', _nends_with: 'n' } }, [1]],
    ['_between on dates', { day: { _between: ['2023-01-01', '2023-12-31'] } }, [2]],
    ['_nbetween', { views: { _nbetween: '15,30' } }, [1]],
    ['_empty on text', { body: { _empty: true } }, [2, 3]],
    ['_nempty on text', { body: { _nempty: true } }, [1]],
    ['_empty on json counts []', { metadata: { _empty: true } }, [3]],
    ['_empty on csv', { labels: { _empty: true } }, [2, 3]],
    ['_contains on json arrays', { metadata: { _contains: 'b' } }, [1]],
    ['_contains on csv', { labels: { _contains: 'y' } }, [1]],
    ['_intersects on json', { metadata: { _intersects: ['z', 'a'] } }, [1]],
    ['_nintersects on csv', { labels: { _nintersects: 'x' } }, [2, 3]],
    ['booleans', { published: { _eq: '0' } }, [2]],
    ['uuids', { uid: { _eq: U2.toUpperCase() } }, [2]],
    ['time', { at: { _gt: '12:00' } }, [2]],
    [
      '_or and _and',
      { _or: [{ views: { _eq: 10 } }, { _and: [{ title: { _eq: 'plain' } }] }] },
      [1, 3],
    ],
    ['m2o path', { author: { name: { _eq: 'Bob' } } }, [2]],
    ['m2o key operators', { author: { _null: true } }, [3]],
    ['o2m default _some', { comments: { body: { _eq: 'bad' } } }, [1]],
    ['o2m _none', { comments: { _none: { body: { _eq: 'bad' } } } }, [2, 3]],
    ['o2m _every (no rows counts)', { comments: { _every: { body: { _eq: 'good' } } } }, [2, 3]],
    ['m2m through the junction', { tags: { tags_id: { name: { _eq: 'red' } } } }, [1]],
    ['m2m _every', { tags: { _every: { tags_id: { name: { _eq: 'blue' } } } } }, [2, 3]],
    ['year()', { 'year(created)': { _eq: '2024' } }, [1, 2]],
    ['month() and day() on a date', { 'month(day)': { _eq: 1 }, 'day(day)': { _eq: 15 } }, [1]],
    ['weekday() / week()', { 'weekday(day)': { _eq: 1 }, 'week(day)': { _eq: 3 } }, [1]],
    [
      'hour() / minute() / second() on time',
      { 'hour(at)': { _eq: 17 }, 'minute(at)': { _eq: 45 }, 'second(at)': { _eq: 10 } },
      [2],
    ],
    ['count() of o2m', { 'count(comments)': { _gte: 2 } }, [1]],
    ['count() of m2m', { 'count(tags)': { _eq: 0 } }, [3]],
    ['json() path', { 'json(metadata, k.n)': { _eq: 'v' } }, [2]],
    ['json() array index', { 'json(metadata, [1])': { _eq: 'b' } }, [1]],
    ['$NOW offsets', { created: { _gt: '$NOW(-1 day)' } }, [1]],
    ['$NOW on a date column', { day: { _lt: '$NOW(-6 months)' } }, [2]],
    ['$CURRENT_USER', { uid: { _eq: '$CURRENT_USER' } }, [1]],
    ['$CURRENT_USER through a relation', { author: { owner: { _eq: '$CURRENT_USER' } } }, [1]],
    ['$CURRENT_ROLES as a list', { uid: { _in: '$CURRENT_ROLES' } }, [2]],
  ])('%s', async (_name, filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('$CURRENT_USER of an anonymous caller matches no row, not the ownerless ones', async () => {
    expect(await ids({ uid: { _eq: '$CURRENT_USER' } }, null)).toEqual([]);
  });

  it('$CURRENT_USER.<field> reads the caller\u2019s own row', async () => {
    const db = getDb();
    const user = await db
      .selectFrom('daas_users')
      .select(['id', 'email'])
      .executeTakeFirstOrThrow();
    await sql`update fr_posts set title = ${user.email} where id = 3`.execute(db);
    expect(await ids({ title: { _eq: '$CURRENT_USER.email' } }, user.id)).toEqual([3]);
    await sql`update fr_posts set title = 'plain' where id = 3`.execute(db);
  });
});
