import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { sleep, within } from '../../helpers/redis-pair';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// An instance that reaches PostgreSQL through a proxy this file cuts: the shared server is
// never stopped.
describe.runIf(process.env.DATABASE_URL)('an instance whose database goes away', () => {
  const app: TestApp = setupTestApp();
  let proxy: TcpProxy;
  let other: Instance;
  let admin: TokenUser;
  const collection = `pgcut_${crypto.randomBytes(4).toString('hex')}`;

  const call = async (path: string, init: RequestInit = {}, token: string | null = admin.token) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body) headers.set('content-type', 'application/json');
    const res = await fetch(`${other.url}${path}`, { ...init, headers });
    const text = await res.text();
    const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  };
  const create = (title: string) =>
    call(`/api/items/${collection}`, { method: 'POST', body: JSON.stringify({ title }) });

  beforeAll(async () => {
    admin = await createTokenUser({ admin: true });
    const made = await app.request('/api/collections', {
      method: 'POST',
      token: admin.token,
      body: { collection, fields: [{ field: 'title', type: 'string' }] },
    });
    expect(made.status).toBe(201);
    const direct = new URL(process.env.DATABASE_URL!);
    proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    other = await startInstance({ DATABASE_URL: viaProxy.toString(), REDIS_URL: '' });
  }, 90_000);

  afterAll(async () => {
    await other?.stop();
    await proxy?.close();
  });

  it('answers 503 with Retry-After while it is away, loses no acknowledged write, and recovers', async () => {
    expect((await create('before')).status).toBe(201);
    // Writes in flight when the connections drop: each one either succeeds or says 503.
    const during = Array.from({ length: 20 }, (_, i) => create(`during-${i}`));
    await sleep(15);
    await proxy.cut();
    const settled = await Promise.all(during);
    for (const r of settled) expect([201, 503]).toContain(r.status);

    const read = await call(`/api/items/${collection}`);
    expect(read.status).toBe(503);
    expect(Number(read.retryAfter)).toBeGreaterThan(0);
    expect(read.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(read.body)).not.toMatch(/ECONN|terminated|5432/);
    const write = await create('refused');
    expect(write.status).toBe(503);
    const health = await call('/api/server/health', {}, null);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'error' });
    const adminHealth = await call('/api/server/health');
    expect(adminHealth.status).toBe(503);
    expect(adminHealth.body.status).toBe('error');

    await proxy.restore();
    await within(10_000, async () => (await call('/api/server/health', {}, null)).status === 200);
    expect((await create('after')).status).toBe(201);

    const acknowledged = [
      'before',
      'after',
      ...settled.flatMap((r, i) => (r.status === 201 ? [`during-${i}`] : [])),
    ];
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const rows = await db.query<{ title: string }>(`select title from "${collection}"`);
    await db.end();
    const stored = rows.rows.map((r) => r.title);
    for (const title of acknowledged) expect(stored).toContain(title);
    expect(stored).not.toContain('refused');
    expect(other.output()).not.toMatch(/uncaught|unhandled/i);
  }, 60_000);
});
