import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

const app = setupTestApp();

const unique = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

async function createCollection(name: string) {
  const res = await app.request('/api/collections', {
    method: 'POST',
    token: await app.adminToken(),
    body: {
      collection: name,
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true } }],
    },
  });
  expect(res.status).toBe(201);
}

describe('row-level security on created collections', () => {
  it('enables row-level security with a policy for the service role only', async () => {
    const name = unique('rls_on');
    await createCollection(name);
    const d = await db();
    const rel = await sql<{
      on: boolean;
    }>`select relrowsecurity as on from pg_class where relname = ${name}`.execute(d);
    expect(rel.rows).toEqual([{ on: true }]);
    const policies = await sql<{ policyname: string; roles: string[] }>`
      select policyname, roles::text[] as roles from pg_policies where tablename = ${name}`.execute(
      d,
    );
    const me = await sql<{ u: string }>`select current_user as u`.execute(d);
    expect(policies.rows.map((p) => ({ ...p, roles: [...p.roles] }))).toEqual([
      { policyname: 'daas_service_all', roles: [me.rows[0].u] },
    ]);
  });

  it('leaves a folder without a table untouched', async () => {
    const name = unique('rls_folder');
    const res = await app.request('/api/collections', {
      method: 'POST',
      token: await app.adminToken(),
      body: { collection: name, schema: null },
    });
    expect(res.status).toBe(201);
    const rel = await sql`select 1 from pg_class where relname = ${name}`.execute(await db());
    expect(rel.rows).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'shows no row to a database role that was granted select but has no policy',
    async () => {
      const name = unique('rls_rows');
      await createCollection(name);
      const d = await db();
      await sql`insert into ${sql.id(name)} (id) values (1), (2)`.execute(d);
      const role = `daas_t_reader_${crypto.randomBytes(4).toString('hex')}`;
      await sql`create role ${sql.id(role)} nologin`.execute(d);
      try {
        await sql`grant select on ${sql.id(name)} to ${sql.id(role)}`.execute(d);
        const seen = await d.transaction().execute(async (trx) => {
          await sql`set local role ${sql.id(role)}`.execute(trx);
          const rows = await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.id(name)}`.execute(trx);
          await sql`reset role`.execute(trx);
          return rows.rows[0].n;
        });
        expect(seen).toBe(0);
        const own = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.id(name)}`.execute(d);
        expect(own.rows[0].n).toBe(2);
      } finally {
        await sql`drop owned by ${sql.id(role)}`.execute(d);
        await sql`drop role ${sql.id(role)}`.execute(d);
      }
    },
  );
});
