import crypto from 'node:crypto';
import http from 'node:http';
import { createDirectus, realtime, staticToken } from '@directus/sdk';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { close, listen } from '../../helpers/node-http';
import { shareTestRedis } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

type Message = Record<string, any>;

// Two processes sharing one database and a Redis: only a PostgreSQL server allows that.
const { enabled, redisUrl, prefix } = shareTestRedis();

/** Collects what an SDK subscription yields. */
function collect(subscription: AsyncGenerator<Message>) {
  const received: Message[] = [];
  void (async () => {
    try {
      for await (const m of subscription) received.push(m);
    } catch {
      // the subscription ended
    }
  })();
  return async (match: (m: Message) => boolean, ms = 10_000): Promise<Message> => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const hit = received.find(match);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`not received within ${ms} ms: ${JSON.stringify(received)}`);
  };
}

describe.runIf(enabled)("@directus/sdk's realtime client across two instances", () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: TokenUser;
  let server: http.Server;
  let realtimeServer: { close(): void };
  let base: string;
  const collection = `rt_pair_${crypto.randomBytes(4).toString('hex')}`;

  const remote = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${other.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  const subscribe = async (fields: string[]) => {
    // Pointed at {base}/api as applications do; the SDK connects to {base}/websocket.
    const client = createDirectus(`${base}/api`, { globals: { WebSocket } })
      .with(staticToken(admin.token))
      .with(realtime());
    await client.connect();
    const { subscription } = await client.subscribe(collection, { query: { fields } });
    const next = collect(subscription as AsyncGenerator<Message>);
    await next((m) => m.event === 'init');
    return { client, next };
  };

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
    const { attachRealtime } = await import('@/lib/realtime/http');
    server = http.createServer((_req, res) => res.writeHead(404).end());
    realtimeServer = attachRealtime(server);
    base = await listen(server);
  }, 120_000);

  afterAll(async () => {
    await other?.stop();
    realtimeServer?.close();
    await close(server);
  });

  it('receives create, update and delete of writes made on the other instance', async () => {
    const { client, next } = await subscribe(['id', 'title']);
    const made = await remote('POST', `/api/items/${collection}`, { title: 'over there' });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const create = await next((m) => m.event === 'create');
    expect(create.data).toEqual([{ id, title: 'over there' }]);
    expect((await remote('PATCH', `/api/items/${collection}/${id}`, { title: 'x' })).status).toBe(
      200,
    );
    expect((await next((m) => m.event === 'update')).data).toEqual([{ id, title: 'x' }]);
    expect((await remote('DELETE', `/api/items/${collection}/${id}`)).status).toBe(200);
    expect((await next((m) => m.event === 'delete')).data).toEqual([id]);
    client.disconnect();
  });

  it('receives a row inserted by plain SQL with its key', async () => {
    const { client, next } = await subscribe(['id', 'title']);
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const row = await db.query(`insert into "${collection}" (title) values ('psql') returning id`);
    await db.end();
    const create = await next((m) => m.event === 'create');
    expect(create.data).toEqual([{ id: row.rows[0].id, title: 'psql' }]);
    client.disconnect();
  });
});
