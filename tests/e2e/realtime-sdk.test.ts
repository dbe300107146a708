import crypto from 'node:crypto';
import {
  authentication,
  createDirectus,
  createItem,
  deleteItem,
  realtime,
  rest,
  staticToken,
  updateItem,
} from '@directus/sdk';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

type Message = Record<string, any>;

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const twoInstances = Boolean(process.env.DATABASE_URL && redisUrl);
// Instances sharing a database sign tokens with one key, as in production.
const shared = {
  SECRET: crypto.randomBytes(32).toString('hex'),
  REDIS_URL: twoInstances ? redisUrl : undefined,
  REDIS_PREFIX: `daas-rt-${crypto.randomBytes(5).toString('hex')}:`,
};

let first: StartedServer;
let second: StartedServer | undefined;
let admin: string;
const collection = `live_${crypto.randomBytes(4).toString('hex')}`;

async function login(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.access_token as string;
}

async function api(url: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The SDK's realtime client as an application would build it, signed in with a password. */
async function liveClient(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const client = createDirectus(`${url}/api`, { globals: { WebSocket } })
    .with(authentication('json'))
    .with(realtime());
  await client.login(email, password);
  await client.connect();
  return client;
}

/** Collects what a subscription yields, and waits for the message `match` accepts. */
function collect(subscription: AsyncGenerator<Message>) {
  const received: Message[] = [];
  let failure: Message | null = null;
  void (async () => {
    try {
      for await (const m of subscription) received.push(m);
    } catch (err) {
      failure = err as Message;
    }
  })();
  return {
    received,
    failure: () => failure,
    async next(match: (m: Message) => boolean, ms = 10_000): Promise<Message> {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const hit = received.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`not received within ${ms} ms: ${JSON.stringify(received)}`);
    },
  };
}

const on =
  (event: string, test: (data: any[]) => boolean = () => true) =>
  (m: Message) =>
    m.event === event && test(m.data);

beforeAll(async () => {
  first = await startServer({ env: shared });
  if (twoInstances) second = await startServer({ env: shared, database: first.database });
  admin = await login(first.url);
  const made = await api(first.url, '/api/collections', {
    method: 'POST',
    body: {
      collection,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'secret', type: 'string' },
        { field: 'status', type: 'string' },
      ],
    },
  });
  expect(made.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe("@directus/sdk's realtime client against the production server", () => {
  it('receives init, then create, update and delete from API writes', async () => {
    const client = await liveClient(first.url);
    const { subscription, unsubscribe } = await client.subscribe(collection, {
      query: { fields: ['id', 'title'] },
    });
    const live = collect(subscription as AsyncGenerator<Message>);
    await live.next(on('init'));
    const writer = createDirectus(`${first.url}/api`).with(rest()).with(staticToken(admin));
    const item = (await writer.request(createItem(collection, { title: 'hello' }))) as Message;
    expect((await live.next(on('create'))).data).toEqual([{ id: item.id, title: 'hello' }]);
    await writer.request(updateItem(collection, item.id, { title: 'changed' }));
    expect((await live.next(on('update'))).data).toEqual([{ id: item.id, title: 'changed' }]);
    await writer.request(deleteItem(collection, item.id));
    expect((await live.next(on('delete'))).data).toEqual([item.id]);
    unsubscribe();
    client.disconnect();
  });

  // On the embedded database only the server process can reach it (the API tests cover it).
  it.runIf(process.env.DATABASE_URL)(
    'receives a row inserted with plain SQL, with its key',
    async () => {
      const client = await liveClient(first.url);
      const { subscription } = await client.subscribe(collection, { query: { fields: ['*'] } });
      const live = collect(subscription as AsyncGenerator<Message>);
      await live.next(on('init'));
      const db = new pg.Client({ connectionString: first.database.url! });
      await db.connect();
      await db.query(`insert into "${collection}" (title) values ('from psql')`);
      await db.end();
      const create = await live.next(on('create', (d) => d[0]?.title === 'from psql'));
      expect(typeof create.data[0].id).toBe('number');
      client.disconnect();
    },
  );

  it.runIf(twoInstances)('receives writes made on a second instance sharing Redis', async () => {
    const client = await liveClient(first.url);
    const { subscription } = await client.subscribe(collection, { query: { fields: ['title'] } });
    const live = collect(subscription as AsyncGenerator<Message>);
    await live.next(on('init'));
    const res = await api(second!.url, `/api/items/${collection}`, {
      method: 'POST',
      body: { title: 'from the other instance' },
    });
    expect(res.status).toBe(201);
    await live.next(on('create', (d) => d[0]?.title === 'from the other instance'));
    await api(second!.url, `/api/items/${collection}/${res.body.data.id}`, {
      method: 'PATCH',
      body: { title: 'changed there' },
    });
    await live.next(on('update', (d) => d[0]?.title === 'changed there'));
    client.disconnect();
  });

  it('never carries a hidden field or row to a non-admin, and stops once revoked', async () => {
    const policy = await api(first.url, '/api/policies', {
      method: 'POST',
      body: { name: `rt-${crypto.randomBytes(4).toString('hex')}`, app_access: false },
    });
    expect(policy.status).toBe(201);
    const email = `rt-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = `pw-${crypto.randomBytes(8).toString('hex')}`;
    const user = await api(first.url, '/api/users', { method: 'POST', body: { email, password } });
    expect(user.status).toBe(201);
    const access = await api(first.url, '/api/access', {
      method: 'POST',
      body: { user: user.body.data.id, policy: policy.body.data.id },
    });
    expect(access.status).toBe(201);
    const permission = await api(first.url, '/api/permissions', {
      method: 'POST',
      body: {
        policy: policy.body.data.id,
        collection,
        action: 'read',
        fields: ['id', 'title', 'status'],
        permissions: { status: { _eq: 'public' } },
      },
    });
    expect(permission.status).toBe(201);
    const client = await liveClient(first.url, email, password);
    const { subscription } = await client.subscribe(collection, { query: { fields: ['*'] } });
    const live = collect(subscription as AsyncGenerator<Message>);
    await live.next(on('init'));
    for (const status of ['hidden', 'public']) {
      const made = await api(first.url, `/api/items/${collection}`, {
        method: 'POST',
        body: { title: `row-${status}`, secret: 'classified', status },
      });
      expect(made.status).toBe(201);
    }
    const create = await live.next(on('create'));
    expect(create.data).toEqual([
      expect.objectContaining({ title: 'row-public', status: 'public' }),
    ]);
    expect(create.data[0]).not.toHaveProperty('secret');
    const revoked = await api(first.url, `/api/permissions/${permission.body.data.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    // The subscription ends with FORBIDDEN (the SDK throws it from the iterator).
    const start = Date.now();
    while (!live.failure() && Date.now() - start < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(live.failure()).toMatchObject({ type: 'subscribe', error: { code: 'FORBIDDEN' } });
    await api(first.url, `/api/items/${collection}`, {
      method: 'POST',
      body: { title: 'after revoke', status: 'public' },
    });
    await new Promise((r) => setTimeout(r, 500));
    const everything = JSON.stringify(live.received);
    expect(everything).not.toContain('classified');
    expect(everything).not.toContain('row-hidden');
    expect(everything).not.toContain('after revoke');
    client.disconnect();
  });
});
