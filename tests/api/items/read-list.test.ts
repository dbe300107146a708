import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
});

const get = (path: string) => app.request(path, { token: admin.token });
const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

async function exec(text: string): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  await sql.raw(text).execute(getDb());
  (await import('@/lib/schema/overview')).invalidateSchema();
}

describe('sort', () => {
  it('sorts by a field, descending with -, and by primary key when none is given', async () => {
    expect(ids((await get('/api/items/articles?fields=id')).body)).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await get('/api/items/articles?fields=id&sort=-views')).body)).toEqual([
      2, 4, 1, 3, 5,
    ]);
  });

  it('sorts by a many-to-one path and by a function', async () => {
    const byAuthor = await get('/api/items/articles?fields=id&sort=-author.name,id');
    expect(byAuthor.status).toBe(200);
    expect(ids(byAuthor.body)).toEqual([5, 4, 2, 3, 1]);
    const byYear = await get(
      '/api/items/articles?fields=id&sort=year(published),-views&filter[published][_nnull]=true',
    );
    expect(ids(byYear.body)).toEqual([4, 2, 1, 3]);
  });

  it('refuses to sort by a to-many path', async () => {
    const res = await get('/api/items/articles?sort=comments.body');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY');
  });
});

describe('pagination and meta', () => {
  it('pages with limit, offset and page, echoing them in meta', async () => {
    const first = await get('/api/items/articles?fields=id&limit=2');
    expect(ids(first.body)).toEqual([1, 2]);
    expect(first.body.meta).toEqual({
      total_count: 5,
      total: 5,
      page: 1,
      limit: 2,
      total_estimated: false,
    });
    const second = await get('/api/items/articles?fields=id&limit=2&page=2');
    expect(ids(second.body)).toEqual([3, 4]);
    expect(second.body.meta).toMatchObject({ page: 2, limit: 2 });
    expect(ids((await get('/api/items/articles?fields=id&limit=2&offset=3')).body)).toEqual([4, 5]);
  });

  it('defaults to 25 items and returns all with limit=-1, but an empty page with page=1', async () => {
    await exec(`create table many_rows (id serial primary key, n integer)`);
    await exec(`insert into many_rows (n) select g from generate_series(1, 30) g`);
    const def = await get('/api/items/many_rows');
    expect(def.body.data).toHaveLength(25);
    expect(def.body.meta).toMatchObject({ total: 30, total_count: 30, limit: 25, page: 1 });
    const all = await get('/api/items/many_rows?limit=-1');
    expect(all.body.data).toHaveLength(30);
    expect(all.body.meta).toMatchObject({ total: 30, limit: -1, page: 0 });
    const empty = await get('/api/items/many_rows?limit=-1&page=1');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({ total: 30, total_count: 30, limit: -1, page: 1 });
    const past = await get('/api/items/many_rows?limit=10&page=5');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: 30, page: 5, total_estimated: false });
  });

  it('counts only matching rows in total and every row in total_count', async () => {
    const res = await get(
      '/api/items/articles?fields=id&filter[status][_eq]=published&limit=1&count=exact',
    );
    expect(res.body.meta).toEqual({
      total_count: 5,
      total: 3,
      page: 1,
      limit: 1,
      total_estimated: false,
    });
  });

  it('estimates totals with count=planned and corrects them against the page', async () => {
    await exec(`create table big_rows (id serial primary key, n integer)`);
    await exec(`insert into big_rows (n) select g from generate_series(1, 2000) g`);
    await exec(`analyze big_rows`);
    const planned = await get('/api/items/big_rows?count=planned&limit=10&filter[n][_lte]=1000');
    expect(planned.status).toBe(200);
    expect(planned.body.meta.total_estimated).toBe(true);
    expect(planned.body.meta.total).toBeGreaterThanOrEqual(10);
    expect(planned.body.meta.total_count).toBeGreaterThan(1000);
    const lastPage = await get(
      '/api/items/big_rows?count=planned&limit=10&offset=995&filter[n][_lte]=1000',
    );
    expect(lastPage.body.data).toHaveLength(5);
    expect(lastPage.body.meta).toMatchObject({ total: 1000, total_estimated: false });
    const exact = await get('/api/items/big_rows?count=exact&limit=10&filter[n][_lte]=1000');
    expect(exact.body.meta).toMatchObject({
      total: 1000,
      total_count: 2000,
      total_estimated: false,
    });
    const estimated = await get('/api/items/big_rows?limit=10&filter[n][_lte]=1000');
    expect(estimated.body.meta).toMatchObject({
      total: 1000,
      total_count: 2000,
      total_estimated: false,
    });
  });

  it('switches to the planner estimate beyond 10,000 matching rows by default', async () => {
    await exec(`create table huge_rows (id serial primary key, n integer)`);
    await exec(`insert into huge_rows (n) select g from generate_series(1, 12000) g`);
    await exec(`analyze huge_rows`);
    const estimated = await get('/api/items/huge_rows?fields=id&limit=10');
    expect(estimated.body.data).toHaveLength(10);
    expect(estimated.body.meta.total_estimated).toBe(true);
    expect(estimated.body.meta.total).toBeGreaterThan(10_000);
    expect(estimated.body.meta.total_count).toBeGreaterThan(10_000);
    const small = await get('/api/items/huge_rows?fields=id&limit=10&filter[n][_lte]=500');
    expect(small.body.meta).toMatchObject({
      total: 500,
      total_count: estimated.body.meta.total_count,
      total_estimated: false,
    });
    const exact = await get('/api/items/huge_rows?fields=id&limit=10&count=exact');
    expect(exact.body.meta).toMatchObject({
      total: 12000,
      total_count: 12000,
      total_estimated: false,
    });
  });

  it('answers 400 for a limit below -1 or an unknown count mode', async () => {
    expect((await get('/api/items/articles?limit=-2')).status).toBe(400);
    expect((await get('/api/items/articles?count=guess')).status).toBe(400);
  });
});

describe('search', () => {
  it('matches string and text fields case-insensitively, never numbers or uuids', async () => {
    expect(ids((await get('/api/items/articles?fields=id&search=MOTH')).body)).toEqual([2]);
    expect(ids((await get('/api/items/articles?fields=id&search=relay')).body)).toEqual([2]);
    expect((await get('/api/items/articles?fields=id&search=30')).body.data).toEqual([]);
    expect((await get('/api/items/articles?fields=id&search=6b1f0a52')).body.data).toEqual([]);
  });

  it('takes hostile terms literally', async () => {
    expect(ids((await get('/api/items/articles?fields=id&search=50%25')).body)).toEqual([4]);
    expect(ids((await get('/api/items/articles?fields=id&search=_really_')).body)).toEqual([4]);
    expect((await get('/api/items/articles?fields=id&search=%25')).body.data.length).toBe(1);
    expect(
      (await get(`/api/items/authors?fields=id&search=${encodeURIComponent('(mostly) "nested"')}`))
        .body.data,
    ).toEqual([{ id: 2 }]);
    const weird = await get(
      `/api/items/articles?fields=id&search=${encodeURIComponent(`a,b)'"; drop table articles; --`)}`,
    );
    expect(weird.status).toBe(200);
    expect(weird.body.data).toEqual([]);
  });

  it('skips json unless opted in, and a field opted out', async () => {
    expect((await get('/api/items/articles?fields=id&search=mechanics')).body.data).toEqual([]);
    await exec(
      `insert into daas_fields (collection, field, searchable) values ('articles', 'data', true), ('articles', 'body', false)`,
    );
    expect(ids((await get('/api/items/articles?fields=id&search=mechanics')).body)).toEqual([1]);
    expect(
      ids(
        (await get(`/api/items/articles?fields=id&search=${encodeURIComponent('(os) \\"core')}`))
          .body,
      ),
    ).toEqual([4]);
    expect((await get('/api/items/articles?fields=id&search=relay')).body.data).toEqual([]);
  });

  it('matches nothing when every field is excluded', async () => {
    await exec(`create table only_numbers (id serial primary key, n integer, label varchar(10))`);
    await exec(`insert into only_numbers (n, label) values (1, 'one')`);
    await exec(
      `insert into daas_fields (collection, field, searchable) values ('only_numbers', 'label', false)`,
    );
    const res = await get('/api/items/only_numbers?search=one');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ total: 0, total_count: 1 });
  });

  it('caps json matches at JSONB_SEARCH_MATCH_LIMIT, chosen before the filter', async () => {
    await exec(`create table docs (id serial primary key, doc jsonb, kind integer)`);
    await exec(
      `insert into docs (doc, kind) select '{"k": "needle"}', g % 2 from generate_series(1, 200) g`,
    );
    await exec(
      `insert into daas_fields (collection, field, searchable) values ('docs', 'doc', true)`,
    );
    const all = await get('/api/items/docs?fields=id&search=needle&limit=-1');
    expect(all.body.data).toHaveLength(150);
    // The 150 keys are picked before the filter, so only their odd half survives it.
    const filtered = await get(
      '/api/items/docs?fields=id&search=needle&limit=-1&filter[kind][_eq]=1',
    );
    expect(filtered.body.data).toHaveLength(75);
  });
});
