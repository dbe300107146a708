import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { sleep, within } from '../../helpers/redis-pair';
import { defineSchema } from './write-fixture';

/** Waits for every check this process has queued, as the product's own caller would. */
async function settled(): Promise<void> {
  const [{ getDb }, { getSchema }, { indexSearches }] = await Promise.all([
    import('@/lib/db/client'),
    import('@/lib/schema/overview'),
    import('@/lib/schema/search-index'),
  ]);
  await indexSearches(getDb(), await getSchema(getDb()));
}

async function trigramIndexes(table: string): Promise<string[]> {
  const { getDb } = await import('@/lib/db/client');
  const res = await sql<{ def: string }>`
    select pg_get_indexdef(i.indexrelid) as def from pg_index i
    where i.indrelid = to_regclass(${table}) and i.indisvalid
      and pg_get_indexdef(i.indexrelid) like '%gin_trgm_ops%'
  `.execute(getDb());
  return res.rows.map((r) => r.def);
}

// pg_trgm and CREATE INDEX CONCURRENTLY: a PostgreSQL server only.
describe.runIf(Boolean(process.env.DATABASE_URL))('search indexes of large collections', () => {
  const app = setupTestApp();
  let token: string;
  let reader: string;

  beforeAll(async () => {
    // Made by SQL, as a table of an existing database is: large from the start.
    await defineSchema({
      sql: [
        `create table si_docs (id serial primary key, title text, body text, code int)`,
        `insert into si_docs (title, body, code) select 'doc ' || g, md5(g::text), g from generate_series(1, 12000) g`,
        `update si_docs set body = 'the needle is here' where id in (17, 9000)`,
      ],
    });
    token = await app.adminToken();
    const user = await createPermittedUser([{ collection: 'si_docs', action: 'read' }]);
    reader = await app.login(user.email, user.password);
  });

  it('never builds an index from a search, whoever asks', async () => {
    for (const caller of [token, reader]) {
      const res = await app.request('/api/items/si_docs?search=needle&fields=id&sort=id', {
        token: caller,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{ id: 17 }, { id: 9000 }]);
    }
    await sleep(500);
    expect(await trigramIndexes('si_docs')).toEqual([]);
  });

  it('indexes the searchable text columns of a large table at a reload, and finds the same rows', async () => {
    const denied = await app.request('/api/utils/cache/clear?system=true', {
      method: 'POST',
      token: reader,
    });
    expect(denied.status).toBe(403);
    expect(await trigramIndexes('si_docs')).toEqual([]);
    const reload = await app.request('/api/utils/cache/clear?system=true', {
      method: 'POST',
      token,
    });
    expect(reload.status).toBe(204);
    await within(30_000, async () => (await trigramIndexes('si_docs')).length === 2);
    const defs = await trigramIndexes('si_docs');
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
      token: reader,
    });
    expect(after.body.data).toEqual([{ id: 17 }, { id: 9000 }]);
  }, 60_000);

  it('indexes a collection once an import makes it large, and not before', async () => {
    await defineSchema({
      sql: [
        `create table si_grow (id serial primary key, name varchar(255), n int)`,
        `insert into si_grow (name, n) select 'name ' || g, g from generate_series(1, 9900) g`,
      ],
    });
    await settled();
    expect(await trigramIndexes('si_grow')).toEqual([]);
    const importRows = async (rows: unknown[], caller: string) => {
      const form = new FormData();
      form.append('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), 'rows');
      const encoded = new Response(form);
      return app.request('/api/utils/import/si_grow', {
        method: 'POST',
        token: caller,
        rawBody: await encoded.text(),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      });
    };
    // A reader may not create: nothing is written, nothing is indexed.
    const refused = await importRows([{ name: 'x', n: 0 }], reader);
    expect(refused.status).toBe(403);
    const small = await importRows(
      Array.from({ length: 50 }, (_, i) => ({ name: `small ${i}`, n: -i })),
      token,
    );
    expect(small.status).toBe(204);
    await settled();
    expect(await trigramIndexes('si_grow')).toEqual([]);
    const bulk = await importRows(
      Array.from({ length: 250 }, (_, i) => ({ name: `bulk ${i}`, n: 100_000 + i })),
      token,
    );
    expect(bulk.status).toBe(204);
    await within(30_000, async () => (await trigramIndexes('si_grow')).length === 1);
    expect((await trigramIndexes('si_grow'))[0]).toContain('(name gin_trgm_ops)');
    const found = await app.request('/api/items/si_grow?search=bulk%2012&fields=n&sort=n', {
      token,
    });
    expect(found.body.data.map((r: { n: number }) => r.n)).toEqual([
      100_012,
      ...Array.from({ length: 10 }, (_, i) => 100_120 + i),
    ]);
  }, 60_000);

  it('leaves a small collection unindexed', async () => {
    await defineSchema({ sql: [`create table si_small (id serial primary key, title text)`] });
    await settled();
    expect(await trigramIndexes('si_small')).toEqual([]);
  });
});
