import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { defineSchema, rows } from './write-fixture';

// Read by config() on every call; set before the app starts.
process.env.MAX_BATCH_MUTATION = '3';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table wb_items (id serial primary key, kind text, n integer)`,
      `insert into wb_items (kind, n) select 'many', 0 from generate_series(1, 4)`,
      `insert into wb_items (kind, n) select 'few', 0 from generate_series(1, 3)`,
    ],
  });
});

describe('MAX_BATCH_MUTATION', () => {
  it('refuses a batch update matching more items than the limit, naming it, and changes nothing', async () => {
    const before = await rows('wb_items');
    const res = await app.request('/api/items/wb_items?filter[kind][_eq]=many', {
      method: 'PATCH',
      token,
      body: { n: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.stringContaining('more than 3 items'),
      code: 'INVALID_PAYLOAD',
    });
    expect(res.body.error).toContain('MAX_BATCH_MUTATION');
    expect(await rows('wb_items')).toEqual(before);
  });

  it('refuses a batch delete over the limit and deletes nothing', async () => {
    const res = await app.request('/api/items/wb_items?filter[kind][_eq]=many', {
      method: 'DELETE',
      token,
    });
    expect(res.status).toBe(400);
    expect((await rows('wb_items')).filter((r) => r.kind === 'many')).toHaveLength(4);
  });

  it('allows a batch of exactly the limit', async () => {
    const res = await app.request('/api/items/wb_items?filter[kind][_eq]=few', {
      method: 'PATCH',
      token,
      body: { n: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBe(3);
    expect((await rows('wb_items')).filter((r) => r.kind === 'few').map((r) => r.n)).toEqual([
      2, 2, 2,
    ]);
  });
});
