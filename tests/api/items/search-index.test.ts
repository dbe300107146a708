import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { within } from '../../helpers/redis-pair';
import { defineSchema } from './write-fixture';

// pg_trgm and CREATE INDEX CONCURRENTLY: a PostgreSQL server only.
describe.runIf(Boolean(process.env.DATABASE_URL))('search indexes of large collections', () => {
  const app = setupTestApp();
  let token: string;

  beforeAll(async () => {
    await defineSchema({
      sql: [
        `create table si_docs (id serial primary key, title text, body text, code int)`,
        `insert into si_docs (title, body, code) select 'doc ' || g, md5(g::text), g from generate_series(1, 12000) g`,
        `update si_docs set body = 'the needle is here' where id in (17, 9000)`,
        `analyze si_docs`,
      ],
    });
    token = await app.adminToken();
  });

  async function indexes(): Promise<string[]> {
    const { getDb } = await import('@/lib/db/client');
    const res = await sql<{ def: string }>`
      select pg_get_indexdef(i.indexrelid) as def from pg_index i
      where i.indrelid = 'si_docs'::regclass and i.indisvalid
        and pg_get_indexdef(i.indexrelid) like '%gin_trgm_ops%'
    `.execute(getDb());
    return res.rows.map((r) => r.def);
  }

  it('indexes the searchable text columns after the first search, and finds the same rows', async () => {
    expect(await indexes()).toEqual([]);
    const before = await app.request('/api/items/si_docs?search=needle&fields=id&sort=id', {
      token,
    });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([{ id: 17 }, { id: 9000 }]);
    await within(20_000, async () => (await indexes()).length === 2);
    const defs = await indexes();
    expect(defs.some((d) => d.includes('(title gin_trgm_ops)'))).toBe(true);
    expect(defs.some((d) => d.includes('(body gin_trgm_ops)'))).toBe(true);
    const { getDb } = await import('@/lib/db/client');
    // On 12,000 rows a scan may still be cheaper; what matters is that the index can serve.
    const plan = await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`
          explain select id from si_docs where title ilike '%needle%' or body ilike '%needle%'
        `.execute(trx);
      });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan/);
    const after = await app.request('/api/items/si_docs?search=needle&fields=id&sort=id', {
      token,
    });
    expect(after.body.data).toEqual([{ id: 17 }, { id: 9000 }]);
  });

  it('leaves a small collection unindexed', async () => {
    await defineSchema({ sql: [`create table si_small (id serial primary key, title text)`] });
    const res = await app.request('/api/items/si_small?search=x', { token });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const { getDb } = await import('@/lib/db/client');
    const found =
      await sql`select 1 from pg_indexes where tablename = 'si_small' and indexdef like '%gin_trgm_ops%'`.execute(
        getDb(),
      );
    expect(found.rows).toHaveLength(0);
  });
});
