import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let admin: string;
let member: string;

/** Environment variables a test sets; put back after each test. */
const saved = new Map<string, string | undefined>();
function setEnv(name: string, value: string): void {
  if (!saved.has(name)) saved.set(name, process.env[name]);
  process.env[name] = value;
}
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved.clear();
});

beforeAll(async () => {
  await createItemsFixture();
  admin = await app.adminToken();
  const user = await createPermittedUser([
    { collection: 'articles', action: 'read', permissions: { status: { _neq: 'secret' } } },
    { collection: 'authors', action: 'read' },
    { collection: 'comments', action: 'read' },
    { collection: 'countries', action: 'read' },
    { collection: 'tags', action: 'read' },
    { collection: 'articles_tags', action: 'read' },
    { collection: 'daas_users', action: 'read', fields: ['id', 'email'] },
  ]);
  member = await app.login(user.email, user.password);
});

const get = (path: string, token = admin) => app.request(path, { token });

function expectRefused(res: { status: number; body: any }, reason: RegExp): void {
  expect(res.status).toBe(400);
  // /api/items answers the simple body, /api/users the structured one.
  const { code, message } = res.body.errors
    ? { code: res.body.errors[0].extensions.code, message: res.body.errors[0].message }
    : { code: res.body.code, message: res.body.error };
  expect(code).toBe('INVALID_QUERY');
  expect(message).toMatch(reason);
}

describe('relational fan-out', () => {
  it('refuses six wildcard levels at once instead of running them', async () => {
    const started = Date.now();
    const res = await get('/api/items/articles?fields=*.*.*.*.*.*');
    expectRefused(res, /wildcard levels.*at most 3/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('still serves three wildcard levels', async () => {
    const res = await get('/api/items/articles?fields=*.*.*&filter[id][_eq]=1');
    expect(res.status).toBe(200);
    expect(res.body.data[0].author.articles.length).toBeGreaterThan(0);
  });

  it('counts wildcard levels through named relations', async () => {
    setEnv('QUERY_MAX_WILDCARD_DEPTH', '1');
    expect((await get('/api/items/articles?fields=author.*')).status).toBe(200);
    expectRefused(await get('/api/items/articles?fields=author.*.*'), /wildcard levels/);
  });

  it('refuses a field path deeper than MAX_RELATIONAL_DEPTH', async () => {
    setEnv('QUERY_MAX_NESTED_ROWS', String(10 ** 15));
    const path = Array.from({ length: 6 }, () => 'author.articles').join('.');
    expectRefused(await get(`/api/items/articles?fields=${path}.id`), /nested too deeply.*10/);
    setEnv('MAX_RELATIONAL_DEPTH', '2');
    expect((await get('/api/items/articles?fields=author.articles.id')).status).toBe(200);
    expectRefused(
      await get('/api/items/articles?fields=author.articles.author.id'),
      /nested too deeply.*2/,
    );
  });

  it('refuses sort and filter paths deeper than MAX_RELATIONAL_DEPTH', async () => {
    setEnv('MAX_RELATIONAL_DEPTH', '1');
    expect((await get('/api/items/articles?sort=author.name')).status).toBe(200);
    expectRefused(await get('/api/items/articles?sort=author.country.name'), /nested too deeply/);
    expectRefused(
      await get('/api/items/articles?deep[comments][article][_limit]=1&fields=comments.article.id'),
      /nested too deeply/,
    );
  });

  it('refuses more related collections than QUERY_MAX_JOINS', async () => {
    setEnv('QUERY_MAX_JOINS', '2');
    expect((await get('/api/items/articles?fields=id,author.name,comments.body')).status).toBe(200);
    expectRefused(
      await get('/api/items/articles?fields=id,author.country.name,comments.body'),
      /Too many related collections.*at most 2/,
    );
    expectRefused(await get('/api/items/articles?fields=*.*'), /Too many related collections/);
  });

  it('refuses more selected values than QUERY_MAX_FIELDS, and longer lists', async () => {
    setEnv('QUERY_MAX_FIELDS', '3');
    expect((await get('/api/items/articles?fields=id,title,status')).status).toBe(200);
    expectRefused(await get('/api/items/articles?fields=*'), /Too many fields selected.*at most 3/);
    expectRefused(
      await get('/api/items/articles?fields=id,author.id,author.name'),
      /Too many fields selected/,
    );
    expectRefused(
      await get('/api/items/articles?fields=id&sort=id,title,status,views'),
      /"sort" lists too many items/,
    );
  });
});

describe('nested rows', () => {
  it('refuses reads whose page size times nested limits passes QUERY_MAX_NESTED_ROWS', async () => {
    const path = 'comments.article.comments.article.comments.article.comments.id';
    expectRefused(
      await get(`/api/items/articles?fields=${path}`),
      /too many rows.*at most 1000000/,
    );
    setEnv('QUERY_MAX_NESTED_ROWS', '100');
    const ok = await get(
      '/api/items/articles?limit=10&fields=id,comments.id&deep[comments][_limit]=10',
    );
    expect(ok.status).toBe(200);
    expectRefused(
      await get('/api/items/articles?limit=10&fields=id,comments.id&deep[comments][_limit]=11'),
      /too many rows.*at most 100/,
    );
    expectRefused(
      await get(
        '/api/items/articles?limit=10&fields=id,comments.id&deep[comments][_limit]=11',
        member,
      ),
      /too many rows/,
    );
  });
});

describe('filter size', () => {
  it('refuses a filter with more conditions than QUERY_MAX_FILTER_NODES', async () => {
    const or = Array.from({ length: 1001 }, (_, i) => ({ id: { _eq: i } }));
    const res = await get(
      `/api/items/articles?filter=${encodeURIComponent(JSON.stringify({ _or: or }))}`,
    );
    expectRefused(res, /too many conditions.*1000/);
    setEnv('QUERY_MAX_FILTER_NODES', '2');
    const two = { _or: [{ id: { _eq: 1 } }, { id: { _eq: 2 } }] };
    expectRefused(
      await get(`/api/items/articles?filter=${encodeURIComponent(JSON.stringify(two))}`),
      /too many conditions.*2/,
    );
  });

  it('refuses a filter nested deeper than QUERY_MAX_FILTER_DEPTH', async () => {
    let filter: unknown = { id: { _eq: 1 } };
    for (let i = 0; i < 12; i++) filter = { _and: [filter] };
    const res = await get(
      `/api/items/articles?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expectRefused(res, /nested too deeply.*10/);
  });
});

describe('page size', () => {
  it('caps limit=-1 at QUERY_LIMIT_MAX for a non-admin, not for an admin', async () => {
    setEnv('QUERY_LIMIT_MAX', '2');
    const capped = await get('/api/items/articles?limit=-1&sort=id', member);
    expect(capped.status).toBe(200);
    expect(capped.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2]);
    const all = await get('/api/items/articles?limit=-1&sort=id');
    expect(all.body.data).toHaveLength(5);
  });

  it('refuses a non-admin limit above QUERY_LIMIT_MAX, nested ones too', async () => {
    setEnv('QUERY_LIMIT_MAX', '2');
    expectRefused(await get('/api/items/articles?limit=3', member), /"limit" is too large.*2/);
    expectRefused(
      await get('/api/items/articles?fields=id,comments.id&deep[comments][_limit]=5', member),
      /"deep.comments._limit" is too large/,
    );
    const nested = await get(
      '/api/items/articles?fields=id,comments.id&deep[comments][_limit]=-1&filter[id][_eq]=1',
      member,
    );
    expect(nested.status).toBe(200);
    expect(nested.body.data[0].comments).toHaveLength(2);
    expect((await get('/api/items/articles?limit=3')).status).toBe(200);
  });

  it('pages by QUERY_LIMIT_DEFAULT without a limit, root and nested', async () => {
    setEnv('QUERY_LIMIT_DEFAULT', '2');
    const res = await get('/api/items/articles?fields=id,comments.id&sort=id');
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2]);
    expect(res.body.data[0].comments).toHaveLength(2);
    expect(res.body.meta.limit).toBe(2);
  });

  it('applies QUERY_LIMIT_MAX to system collections too', async () => {
    setEnv('QUERY_LIMIT_MAX', '2');
    expectRefused(await get('/api/users?limit=3', member), /"limit" is too large/);
  });
});

describe('statement timeout', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'answers 503 without SQL when a statement outruns DB_STATEMENT_TIMEOUT_MS',
    async () => {
      const { closeDb, getDb } = await import('@/lib/db/client');
      const { emitter } = await import('@/lib/events/emitter');
      const { sql } = await import('kysely');
      setEnv('DB_STATEMENT_TIMEOUT_MS', '100');
      await closeDb();
      const off = emitter().onFilter('countries.items.query', async (q) => {
        await sql`select pg_sleep(2)`.execute(getDb());
        return q;
      });
      try {
        const started = Date.now();
        const res = await get('/api/items/countries');
        expect(Date.now() - started).toBeLessThan(1500);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          error: 'The query took too long and was cancelled',
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(res.text).not.toMatch(/pg_sleep|select|statement timeout/i);
      } finally {
        off();
        await closeDb();
      }
    },
  );
});

describe('filter lists', () => {
  it('counts the values of an _in list as conditions', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i).join(',');
    expectRefused(
      await get(`/api/items/articles?filter[id][_in]=${many}`),
      /too many conditions.*1000/,
    );
    const json = JSON.stringify({ id: { _nin: Array.from({ length: 70_000 }, (_, i) => i) } });
    expectRefused(
      await get(`/api/items/articles?filter=${encodeURIComponent(json)}`),
      /too many conditions/,
    );
    expect((await get('/api/items/articles?filter[id][_in]=1,2,3')).body.data).toHaveLength(3);
  });
});
