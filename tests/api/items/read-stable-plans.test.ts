import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { makeCollection } from '../../helpers/collections';
import { createPermittedUser } from '../../helpers/permissions';

/**
 * A page whose plan cannot depend on its values (no filter, search or item permission) runs
 * on connections that plan it once and keep the plan; every other read keeps a plan made for
 * its own values. Only on a PostgreSQL server: the embedded database has one connection.
 */
const app = setupTestApp();
const collection = `sp_${Date.now().toString(36)}`;
let admin: string;

/** The last statement of each of this database's stable-plan connections. */
async function stableConnections(): Promise<{ query: string }[]> {
  const { getDb, STABLE_PLANS_APPLICATION } = await import('@/lib/db/client');
  const { rows } = await sql<{ query: string }>`select query from pg_stat_activity
    where datname = current_database() and application_name = ${STABLE_PLANS_APPLICATION}`.execute(
    getDb(),
  );
  return rows;
}

const ranThere = async (marker: string) =>
  (await stableConnections()).some((c) => c.query.includes(marker));

beforeAll(async () => {
  admin = await app.adminToken();
  await makeCollection(app, admin, collection, [
    { field: 'title', type: 'string' },
    { field: 'views', type: 'integer' },
  ]);
  const { getDb } = await import('@/lib/db/client');
  await sql`insert into ${sql.table(collection)} (title, views)
    select 'row ' || n, n from generate_series(1, 3000) as n`.execute(getDb());
});

describe.skipIf(!process.env.DATABASE_URL)('pages planned once per connection', () => {
  it('runs an unfiltered page where plans are kept and JIT is off', async () => {
    const { stablePlanDb } = await import('@/lib/db/client');
    for (const offset of [0, 1200, 2990]) {
      const res = await app.request(
        `/api/items/${collection}?fields=id,title&limit=25&offset=${offset}&sort=id`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect(res.body.data[0]).toEqual({ id: offset + 1, title: `row ${offset + 1}` });
      expect(res.body.data).toHaveLength(offset === 2990 ? 10 : 25);
      expect(res.body.meta).toMatchObject({ total: 3000, total_count: 3000 });
    }
    expect(await ranThere(`from "${collection}"`)).toBe(true);
    const db = stablePlanDb();
    expect(db).not.toBeNull();
    const { rows } = await sql<{ mode: string; jit: string }>`select
      current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`.execute(db!);
    expect(rows[0]).toEqual({ mode: 'force_generic_plan', jit: 'off' });
  });

  it('keeps a filtered page, a search and a permission-filtered page on plans of their own', async () => {
    const plain = await app.request(`/api/items/${collection}?fields=id,title&limit=5`, {
      token: admin,
    });
    expect(plain.status).toBe(200);
    const filtered = await app.request(
      `/api/items/${collection}?filter[views][_gt]=2990&fields=id,views&sort=id`,
      { token: admin },
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => 2991 + i),
    );
    const searched = await app.request(
      `/api/items/${collection}?search=row%20299&fields=id,views`,
      {
        token: admin,
      },
    );
    expect(searched.status).toBe(200);
    expect(searched.body.data.length).toBeGreaterThan(0);
    const reader = await createPermittedUser([
      {
        collection,
        action: 'read',
        fields: ['id', 'views'],
        permissions: { views: { _lte: 5 } },
      },
    ]);
    const token = await app.login(reader.email, reader.password);
    const limited = await app.request(`/api/items/${collection}?fields=id,views`, { token });
    expect(limited.status).toBe(200);
    expect(limited.body.data).toHaveLength(5);
    const stable = await stableConnections();
    expect(stable.length).toBeGreaterThan(0);
    // Each of those reads names "views"; the unfiltered page before them does not.
    for (const c of stable) expect(c.query).not.toContain('"views"');
  });
});
