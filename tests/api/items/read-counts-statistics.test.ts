import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { reloaded } from '../../helpers/schema-sql';

/**
 * Counts on tables whose statistics say nothing or are behind: rows loaded by SQL into a
 * table never analysed, a bulk import, and an ANALYZE that no write announces.
 */

const app = setupTestApp();
let admin: string;
let reader: string;
const LOADED = 100_000;

async function exec(text: string): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  await sql.raw(text).execute(getDb());
  await reloaded();
}

async function reltuples(table: string): Promise<number> {
  const { getDb } = await import('@/lib/db/client');
  const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class
    where oid = to_regclass(${table})`.execute(getDb());
  return Number(rows[0].n);
}

const get = (path: string, token?: string) => app.request(path, { token });

beforeAll(async () => {
  admin = await app.adminToken();
  await exec(`create table cs_loaded (id serial primary key, n integer)`);
  await exec(`insert into cs_loaded (n) select g from generate_series(1, ${LOADED}) g`);
  const user = await createPermittedUser([{ collection: 'cs_loaded', action: 'read' }]);
  reader = await app.login(user.email, user.password);
}, 60_000);

describe('a table never analysed', () => {
  it('counts its rows instead of presenting a guess as the total', async () => {
    expect(await reltuples('cs_loaded')).toBe(-1);
    for (const token of [admin, reader]) {
      const res = await get('/api/items/cs_loaded?fields=id&limit=100', token);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(100);
      expect(res.body.meta).toMatchObject({
        total: LOADED,
        total_count: LOADED,
        total_estimated: false,
      });
    }
    const filtered = await get(
      '/api/items/cs_loaded?fields=id&limit=100&filter[n][_gt]=50000',
      admin,
    );
    expect(filtered.body.meta).toMatchObject({ total: 50_000, total_estimated: false });
    expect((await get('/api/items/cs_loaded?limit=1')).status).toBe(401);
  });

  it('reaches the last row by paging', async () => {
    const last = await get(`/api/items/cs_loaded?fields=id&limit=100&page=${LOADED / 100}`, admin);
    expect(last.status).toBe(200);
    expect(last.body.data.at(-1)).toEqual({ id: LOADED });
    expect(last.body.meta).toMatchObject({ total: LOADED, total_estimated: false });
  });
});

describe('a bulk import', () => {
  it('leaves statistics from which the next estimate is right', async () => {
    await exec(`create table cs_imported (id serial primary key, n integer)`);
    await exec(`insert into cs_imported (n) select g from generate_series(1, 1800) g`);
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: -i }));
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), 'rows');
    const encoded = new Response(form);
    const res = await app.request('/api/utils/import/cs_imported', {
      method: 'POST',
      token: admin,
      rawBody: await encoded.text(),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(res.status).toBe(204);
    expect(await reltuples('cs_imported')).toBe(2000);
    const planned = await get('/api/items/cs_imported?fields=id&limit=10&count=planned', admin);
    expect(planned.body.meta).toMatchObject({ total: 2000, total_estimated: true });
  }, 60_000);
});

describe('the read cache and an estimate', () => {
  it('does not keep serving an estimate once the statistics have changed', async () => {
    await exec(`create table cs_skewed (id serial primary key, kind text)`);
    await exec(`insert into cs_skewed (kind) select 'a' from generate_series(1, 30000)`);
    await exec(`analyze cs_skewed`);
    // Rows the statistics know nothing of, loaded before any read watched the table.
    await exec(`insert into cs_skewed (kind) select 'b' from generate_series(1, 30000)`);
    const path = '/api/items/cs_skewed?fields=id&limit=10&filter[kind][_eq]=b';
    let first = await get(path, admin);
    for (let i = 0; i < 40 && first.headers.get('x-cache') !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      first = await get(path, admin);
    }
    expect(first.headers.get('x-cache')).toBe('HIT');
    expect(first.body.meta.total_estimated).toBe(true);
    expect(first.body.meta.total).toBeLessThan(20_000);
    // Counted past the cap: the stale guess is raised to the cap, never left below it.
    expect(first.body.meta.total).toBeGreaterThan(10_000);
    // As from psql: the schema the cache keys on stays the same.
    const { getDb } = await import('@/lib/db/client');
    await sql`analyze cs_skewed`.execute(getDb());
    expect((await get(path, admin)).body.meta.total).toBe(first.body.meta.total);
    await new Promise((r) => setTimeout(r, 5_200));
    const later = await get(path, admin);
    expect(later.body.meta.total_estimated).toBe(true);
    expect(later.body.meta.total).toBeGreaterThan(25_000);
  }, 30_000);
});

describe('a filtered count over the cap on an analysed table', () => {
  it('asks the planner once, with no separate probe of the catalogue', async () => {
    await exec(`create table cs_analysed (id serial primary key, kind text)`);
    await exec(`insert into cs_analysed (kind) select 'a' from generate_series(1, 30000)`);
    await exec(`analyze cs_analysed`);
    const { observeQueries } = await import('@/lib/db/client');
    const path = '/api/items/cs_analysed?fields=id&limit=10&offset=20&filter[kind][_eq]=a';
    await get(path, admin); // the schema and statement caches warm up
    const seen: string[] = [];
    const stop = observeQueries((s) => seen.push(s));
    const res = await get(`${path}&filter[id][_gt]=0`, admin);
    stop();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.meta).toMatchObject({ total_estimated: true });
    expect(res.body.meta.total).toBeGreaterThan(25_000);
    // The read's own statements, and the catalogue probe it used to send on its own.
    const sent = seen.filter((s) => /^(select m\.total|explain)|\bas none\b/.test(s.trim()));
    // The page with its counts, then the planner's estimate of the filtered rows.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^explain/);
  });
});

describe('paging through a filtered list over the cap', () => {
  it('counts and asks the planner for the first page only, and again once ANALYZE changed the statistics', async () => {
    await exec(`create table cs_paged (id serial primary key, kind text)`);
    await exec(`insert into cs_paged (kind) select 'a' from generate_series(1, 30000)`);
    await exec(`analyze cs_paged`);
    const { observeQueries } = await import('@/lib/db/client');
    const page = async (offset: number) => {
      const seen: string[] = [];
      const stop = observeQueries((s) => seen.push(s));
      const res = await get(
        `/api/items/cs_paged?fields=id&limit=10&offset=${offset}&filter[kind][_eq]=a`,
        admin,
      );
      stop();
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(10);
      expect(res.body.meta.total_estimated).toBe(true);
      const statement = seen.find((s) => s.startsWith('select m.total')) ?? '';
      return {
        total: res.body.meta.total,
        explains: seen.filter((s) => /^explain/.test(s)),
        // The filter's capped count (`"kind" = $n` inside a count) against the table's own.
        filterCounted: /count\(\*\) from \(select 1 from [^)]*"kind" = /.test(statement),
      };
    };
    const first = await page(20);
    expect(first.explains).toHaveLength(1);
    expect(first.total).toBeGreaterThan(25_000);
    expect(first.filterCounted).toBe(true);
    const second = await page(40);
    expect(second.explains).toHaveLength(0);
    expect(second.total).toBe(first.total);
    // Known to be over the cap a moment ago: the next page is not counted again.
    expect(second.filterCounted).toBe(false);
    await exec(`insert into cs_paged (kind) select 'a' from generate_series(1, 30000)`);
    await exec(`analyze cs_paged`);
    const grown = await page(60);
    expect(grown.explains).toHaveLength(1);
    expect(grown.total).toBeGreaterThan(55_000);
  });
});

describe('the last page under an estimate', () => {
  it('is known to be the last: a full page with no row after it settles the total', async () => {
    await exec(`create table cs_last (id serial primary key, n integer)`);
    await exec(`insert into cs_last (n) select g from generate_series(1, 20000) g`);
    await exec(`analyze cs_last`);
    const last = await get('/api/items/cs_last?fields=id&sort=id&limit=100&page=200', admin);
    expect(last.status).toBe(200);
    expect(last.body.data).toHaveLength(100);
    expect(last.body.data.at(-1)).toEqual({ id: 20_000 });
    expect(last.body.meta).toMatchObject({ total: 20_000, total_estimated: false });
    // One page earlier a row follows: the estimate stays, and leaves the next page open.
    const before = await get('/api/items/cs_last?fields=id&sort=id&limit=100&page=199', admin);
    expect(before.body.meta.total_estimated).toBe(true);
    expect(before.body.meta.total).toBeGreaterThan(19_900);
  });
});
