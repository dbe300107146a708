import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { sleep, shareTestRedis, within } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';
import { createUser } from '../../helpers/users';

// Two processes sharing one database: only a PostgreSQL server allows that.
const { enabled, redisUrl, prefix } = shareTestRedis();

describe.runIf(enabled)('access changes reach the other instance through Redis', () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: TokenUser;
  const collection = `notes_${crypto.randomBytes(4).toString('hex')}`;

  const remote = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${other.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    admin = await createTokenUser({ admin: true });
    const created = await app.request('/api/collections', {
      method: 'POST',
      token: admin.token,
      body: { collection, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(created.status).toBe(201);
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
    // Both subscribe on their first request: make one here and on the other, then settle.
    await app.request('/api/server/ping');
    await within(5_000, async () => (await remote('/api/server/ping', admin.token)).ok);
    await sleep(500);
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
  });

  it('serves a permission granted here on the other instance within a second', async () => {
    const member = await createTokenUser();
    // The other instance caches that this member may read nothing.
    expect((await remote(`/api/items/${collection}`, member.token)).status).toBe(403);
    const granted = await app.request('/api/permissions', {
      method: 'POST',
      token: admin.token,
      body: { policy: member.policy, collection, action: 'read', fields: ['*'] },
    });
    expect(granted.status).toBe(201);
    await within(1_000, async () => (await remote(`/api/items/${collection}`, member.token)).ok);
  });

  it('refuses a static token revoked here on the other instance within a second', async () => {
    const member = await createTokenUser();
    expect((await remote('/api/users/me', member.token)).status).toBe(200);
    const revoked = await app.request(`/api/users/${member.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { token: null },
    });
    expect(revoked.status).toBe(200);
    await within(1_000, async () => (await remote('/api/users/me', member.token)).status === 401);
  });

  it('refuses the access token of a session that logged out here, there too', async () => {
    const user = await createUser();
    const login = await fetch(`${other.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { data } = (await login.json()) as {
      data: { access_token: string; refresh_token: string };
    };
    expect((await remote('/api/users/me', data.access_token)).status).toBe(200);
    const out = await app.request('/api/auth/logout', {
      method: 'POST',
      body: { refresh_token: data.refresh_token },
    });
    expect(out.status).toBe(204);
    await within(1_000, async () => {
      return (await remote('/api/users/me', data.access_token)).status === 401;
    });
  });
});
