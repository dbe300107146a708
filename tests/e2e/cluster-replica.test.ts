import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPgDatabase } from '../helpers/database';
import { pinned, type Pinned } from '../helpers/pinned';
import { onDatabase as on } from '../helpers/replica';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

const STICKY_MS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Several workers need a database server, and so does a replica.
describe.runIf(process.env.DATABASE_URL)('a read replica behind two workers', () => {
  let server: StartedServer;
  let replica: { url: string; drop(): Promise<void> };
  let token: string;
  /** Keep-alive connections: the cluster hands them to the two workers in turn. */
  const connections: Pinned[] = [];
  const collection = `replicated_${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // The replica holds the collection's table only, with its own title: each answer shows
    // which database it came from. It never receives the primary's writes.
    replica = await newPgDatabase(process.env.DATABASE_URL!);
    server = await startServer({
      env: {
        WEB_CONCURRENCY: '2',
        REDIS_URL: undefined,
        READ_CACHE: 'false',
        DATABASE_READ_URL: replica.url,
        DATABASE_READ_STICKY_MS: String(STICKY_MS),
      },
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = (await login.json()).data.access_token;
    const made = await fetch(`${server.url}/api/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ collection, fields: [{ field: 'title', type: 'string' }] }),
    });
    expect(made.status).toBe(201);
    await on(replica.url, `create table ${collection} (id serial primary key, title text)`);
    await on(replica.url, `insert into ${collection} (title) values ('replica')`);
    for (let i = 0; i < 8; i++) connections.push(pinned(server.url));
    const created = await connections[0].request(`/api/items/${collection}`, {
      method: 'POST',
      token,
      body: { title: 'primary' },
    });
    expect(created.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    for (const c of connections) c.close();
    await server?.stop();
    await replica?.drop();
  });

  const titles = () =>
    Promise.all(
      connections.map(async (c) => {
        const res = await c.request(`/api/items/${collection}/1`, { token });
        expect(res.status).toBe(200);
        return res.body.data.title as string;
      }),
    );

  it("reads a caller's write back on either worker, right after its answer", async () => {
    for (let i = 0; i < 15; i++) {
      const title = `written-${i}`;
      const patched = await connections[i % 8].request(`/api/items/${collection}/1`, {
        method: 'PATCH',
        token,
        body: { title },
      });
      expect(patched.status).toBe(200);
      expect(await titles()).toEqual(Array(8).fill(title));
    }
  }, 60_000);

  it('reads the replica on both workers once the window has passed', async () => {
    await sleep(STICKY_MS + 500);
    expect(await titles()).toEqual(Array(8).fill('replica'));
  }, 30_000);
});
