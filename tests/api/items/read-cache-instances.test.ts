import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { shareTestRedis, sleep, within } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// Two processes sharing one database: only a PostgreSQL server allows that.
const { enabled, redisUrl, prefix } = shareTestRedis();

describe.runIf(enabled)('the read cache of another instance', () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: TokenUser;
  const collection = `cached_${crypto.randomBytes(4).toString('hex')}`;

  const remote = async (path: string) => {
    const res = await fetch(`${other.url}${path}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = await res.text();
    const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, cache: res.headers.get('x-cache'), body };
  };

  /** Reads on the other instance until it answers from its cache. */
  const warmRemote = async (path: string) => {
    await within(5_000, async () => (await remote(path)).cache === 'HIT');
  };

  beforeAll(async () => {
    admin = await createTokenUser({ admin: true });
    const created = await app.request('/api/collections', {
      method: 'POST',
      token: admin.token,
      body: { collection, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(created.status).toBe(201);
    const item = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'one' },
    });
    expect(item.status).toBe(201);
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
    await app.request('/api/server/ping');
    await within(5_000, async () => (await remote('/api/server/ping')).status === 200);
    await sleep(500);
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
  });

  it('shows a write made through this instance on the next read there', async () => {
    const path = `/api/items/${collection}?fields=title&sort=id`;
    await warmRemote(path);
    const res = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'two' },
    });
    expect(res.status).toBe(201);
    // The notice crosses Redis after the commit: the other instance drops its answer as
    // soon as it arrives (milliseconds), never serving the old rows after that.
    let next = await remote(path);
    for (let i = 0; i < 50 && next.cache === 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      next = await remote(path);
    }
    expect(next.cache).toBe('MISS');
    expect(next.body.data).toEqual([{ title: 'one' }, { title: 'two' }]);
  });

  it('shows a write made by plain SQL from outside on the next read there', async () => {
    const path = `/api/items/${collection}?fields=title&sort=id&filter[title][_eq]=one`;
    await warmRemote(path);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`update "${collection}" set title = 'uno' where title = 'one'`);
    await client.end();
    const next = await remote(path);
    expect(next.body.data).toEqual([]);
  });

  it('follows a schema change made here', async () => {
    const path = `/api/items/${collection}?sort=id&limit=1`;
    await warmRemote(path);
    const field = await app.request(`/api/fields/${collection}`, {
      method: 'POST',
      token: admin.token,
      body: { field: 'rank', type: 'integer', schema: { default_value: 7 } },
    });
    expect(field.status).toBe(201);
    await within(1_000, async () => (await remote(path)).body.data[0]?.rank === 7);
  });
});
