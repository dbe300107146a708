import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { ownRedis } from '../../helpers/own-redis';
import { sleep, within } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// Two instances on one PostgreSQL database, with a Redis this file starts and stops itself.
const enabled = Boolean(process.env.TEST_REDIS_URL && process.env.DATABASE_URL);
const redis = enabled ? await ownRedis() : null;
const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
if (redis) {
  process.env.REDIS_URL = redis.url;
  process.env.REDIS_PREFIX = prefix;
}

describe.runIf(enabled)('two instances while their Redis is down', () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: TokenUser;
  let reader: TokenUser;
  const collection = `outage_${crypto.randomBytes(4).toString('hex')}`;

  const remote = async (path: string, token = admin.token) => {
    const res = await fetch(`${other.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, cache: res.headers.get('x-cache'), body };
  };
  const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title);
  const create = (title: string) =>
    app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin.token,
      body: { title },
    });

  beforeAll(async () => {
    await redis!.start();
    admin = await createTokenUser({ admin: true });
    const created = await app.request('/api/collections', {
      method: 'POST',
      token: admin.token,
      body: { collection, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(created.status).toBe(201);
    expect((await create('one')).status).toBe(201);
    reader = await createTokenUser({ permissions: [{ collection, action: 'read' }] });
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redis!.url,
      REDIS_PREFIX: prefix,
    });
    await app.request('/api/server/ping');
    await within(5_000, async () => (await remote('/api/server/ping')).status === 200);
    await sleep(300);
  }, 90_000);

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
    await redis?.stop();
  });

  it('serves fresh data, schema and permissions from the database, and signs in at once', async () => {
    const list = `/api/items/${collection}?fields=title&sort=id`;
    await within(5_000, async () => (await remote(list)).cache === 'HIT');
    expect((await remote(list, reader.token)).status).toBe(200);

    const wrongLogin = async () => {
      const started = Date.now();
      const login = await app.request('/api/auth/login', {
        method: 'POST',
        body: { email: reader.email, password: 'not-the-password' },
      });
      expect(login.status).toBe(401);
      return Date.now() - started;
    };
    const usual = await wrongLogin();

    await redis!.stop();
    // Long enough for the reconnect back-off to grow to where a queued command waits.
    await sleep(5_000);
    expect(await wrongLogin()).toBeLessThan(usual + 400);

    expect((await create('two')).status).toBe(201);
    const after = await remote(list);
    expect(after.status).toBe(200);
    expect(after.cache).toBe('MISS');
    expect(titles(after.body)).toEqual(['one', 'two']);

    const fresh = `late_${crypto.randomBytes(4).toString('hex')}`;
    const made = await app.request('/api/collections', {
      method: 'POST',
      token: admin.token,
      body: { collection: fresh, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(made.status).toBe(201);
    expect((await remote(`/api/items/${fresh}`)).status).toBe(200);

    const rows = await app.request(
      `/api/permissions?filter[policy][_eq]=${reader.policy}&fields=id`,
      { token: admin.token },
    );
    expect(rows.status).toBe(200);
    for (const row of rows.body.data as { id: number }[]) {
      const gone = await app.request(`/api/permissions/${row.id}`, {
        method: 'DELETE',
        token: admin.token,
      });
      expect(gone.status).toBe(204);
    }
    expect((await remote(list, reader.token)).status).toBe(403);
  }, 30_000);

  it('caches again once Redis is back, and hears writes over it', async () => {
    await redis!.start();
    const list = `/api/items/${collection}?fields=title&sort=id&limit=50`;
    await within(10_000, async () => (await remote(list)).cache === 'HIT');
    expect((await create('three')).status).toBe(201);
    await within(1_000, async () => titles((await remote(list)).body).includes('three'));
    const anonymous = await fetch(`${other.url}${list}`);
    expect(anonymous.status).toBe(401);
  }, 30_000);
});
