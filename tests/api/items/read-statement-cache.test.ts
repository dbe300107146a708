import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const db = getDb();
  await sql`create table sc_notes (id serial primary key, title text, views int)`.execute(db);
  await sql`insert into sc_notes (title, views) select 'note ' || g, g from generate_series(1, 10) g`.execute(
    db,
  );
  invalidateSchema();
  token = await app.adminToken();
});

async function statementsOf(path: string): Promise<{ status: number; body: any; sql: string[] }> {
  const { observeQueries } = await import('@/lib/db/client');
  const seen: string[] = [];
  const stop = observeQueries((s) => seen.push(s));
  const res = await app.request(path, { token });
  stop();
  return { status: res.status, body: res.body, sql: seen };
}

describe('reads by key reuse their compiled statement', () => {
  it('answers each key with its own item, with one statement text for the shape', async () => {
    const first = await statementsOf('/api/items/sc_notes/3?fields=id,title');
    const second = await statementsOf('/api/items/sc_notes/7?fields=id,title');
    expect(first.body.data).toEqual({ id: 3, title: 'note 3' });
    expect(second.body.data).toEqual({ id: 7, title: 'note 7' });
    // The item statements, not the lookups around them.
    const itemStatement = (seen: string[]) =>
      seen.filter((q) => q.includes('from "sc_notes"')).at(-1);
    expect(itemStatement(second.sql)).toBeDefined();
    expect(itemStatement(second.sql)).toBe(itemStatement(first.sql));
  });

  it('stays correct when the key equals another value of the query', async () => {
    const hit = await app.request('/api/items/sc_notes/5?filter[views][_eq]=5', { token });
    const miss = await app.request('/api/items/sc_notes/6?filter[views][_eq]=5', { token });
    expect(hit.body.data).toMatchObject({ id: 5, views: 5 });
    expect(miss.status).toBe(404);
  });

  it('answers 404 for a key that does not exist after a cached read', async () => {
    await app.request('/api/items/sc_notes/2', { token });
    const res = await app.request('/api/items/sc_notes/999', { token });
    expect(res.status).toBe(404);
  });

  it('sees a new field after a schema change', async () => {
    await app.request('/api/items/sc_notes/1', { token });
    const { getDb } = await import('@/lib/db/client');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    await sql`alter table sc_notes add column extra text default 'x'`.execute(getDb());
    invalidateSchema();
    const res = await app.request('/api/items/sc_notes/1', { token });
    expect(res.body.data).toMatchObject({ id: 1, extra: 'x' });
  });
});
