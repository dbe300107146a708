import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { defineSchema } from './write-fixture';

// One pooled connection, so the statements prepared on it can be listed from the app itself.
process.env.DB_POOL_MAX = '1';
const app = setupTestApp();
let token: string;

async function prepared(): Promise<string[]> {
  const { getDb } = await import('@/lib/db/client');
  const { rows } = await sql<{ statement: string }>`
    select statement from pg_prepared_statements`.execute(getDb());
  return rows.map((r) => r.statement);
}

describe.runIf(Boolean(process.env.DATABASE_URL))('statements prepared on PostgreSQL', () => {
  beforeAll(async () => {
    token = await app.adminToken();
    await defineSchema({
      sql: [`create table ps_notes (id serial primary key, title text not null)`],
    });
  });

  it('prepares a statement the second time it is sent, not the first', async () => {
    const list = () => app.request('/api/items/ps_notes?filter[title][_eq]=a&limit=7', { token });
    expect((await list()).status).toBe(200);
    const once = await prepared();
    expect(once.some((s) => s.includes('"ps_notes"') && s.includes('limit'))).toBe(false);
    // Again, with the read cache out of the way: a write in between drops the answer.
    await app.request('/api/items/ps_notes', { method: 'POST', token, body: { title: 'a' } });
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: expect.any(Number), title: 'a' }]);
    expect((await prepared()).some((s) => s.includes('"ps_notes"') && s.includes('limit'))).toBe(
      true,
    );
  });

  it('keeps answering after a column is added under a prepared statement', async () => {
    const create = (title: string) =>
      app.request('/api/items/ps_notes', { method: 'POST', token, body: { title } });
    expect((await create('one')).status).toBe(201);
    expect((await create('two')).status).toBe(201);
    const { getDb } = await import('@/lib/db/client');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    await sql`alter table ps_notes add column extra text default 'x'`.execute(getDb());
    invalidateSchema();
    const after = await create('three');
    expect(after.status).toBe(201);
    expect(after.body.data).toMatchObject({ title: 'three', extra: 'x' });
  });

  it('prepares nothing inside a transaction', async () => {
    const before = (await prepared()).length;
    // An array body is written in one transaction, the same insert twice.
    const res = await app.request('/api/items/ps_notes', {
      method: 'POST',
      token,
      body: [{ title: 'in' }, { title: 'tx' }, { title: 'three' }],
    });
    expect(res.status).toBe(201);
    const now = await prepared();
    expect(now.filter((s) => /^\s*insert into "ps_notes"/.test(s))).toEqual([]);
    expect(now.length).toBeGreaterThanOrEqual(before);
  });
});
