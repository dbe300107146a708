import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { newPgDatabase } from '../../helpers/database';
import { startInstance, type Instance } from '../../helpers/instance';
import { startPgBouncer, type PgBouncer } from '../../helpers/pgbouncer';
import { exec, uid } from '../../helpers/schema-sql';
import { createTokenUser } from '../../helpers/token-users';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A pooler sits in front of a PostgreSQL server; the embedded database has none.
describe.runIf(process.env.DATABASE_URL)('behind PgBouncer in transaction mode', () => {
  const server = process.env.TEST_BASE_DATABASE_URL ?? process.env.DATABASE_URL!;
  let bouncer: PgBouncer;

  beforeAll(async () => {
    bouncer = await startPgBouncer(server);
    // setupTestApp (below) makes this file's database through the pooler and migrates it
    // there: with no direct connection, inside one transaction holding a transaction lock.
    process.env.TEST_BASE_DATABASE_URL = bouncer.through(server);
    process.env.DATABASE_URL = bouncer.through(server);
    process.env.DATABASE_POOL_MODE = 'transaction';
    delete process.env.DATABASE_DIRECT_URL;
    delete process.env.TEST_BASE_DIRECT_URL;
  });
  // Registered before the app's: hooks unwind in reverse, so the pooler outlives the drop.
  afterAll(async () => {
    await bouncer?.stop();
  });
  const app = setupTestApp();

  /** The same database as the app's, reached without the pooler (as `psql` would). */
  function directUrl(): string {
    const url = new URL(process.env.DATABASE_URL!);
    const real = new URL(server);
    url.host = real.host;
    return url.toString();
  }

  async function outsideWrite(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: directUrl() });
    await client.connect();
    await client.query(text);
    await client.end();
  }

  async function table(): Promise<string> {
    const name = uid('pooled');
    await exec(`create table ${name} (id serial primary key, title text)`);
    return name;
  }

  it('starts two instances at once on an empty database: migrations run once, both serve', async () => {
    const fresh = await newPgDatabase(server);
    const instances: Instance[] = [];
    try {
      const env = {
        DATABASE_URL: bouncer.through(fresh.url),
        DATABASE_POOL_MODE: 'transaction',
        DATA_DIR: 'memory://',
      };
      instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
      for (const instance of instances) {
        const res = await fetch(`${instance.url}/api/server/ping`);
        expect(res.status).toBe(200);
      }
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const migrations = await client.query('select name from daas_migrations');
      const admins = await client.query('select email from daas_users');
      await client.end();
      expect(migrations.rowCount).toBeGreaterThanOrEqual(9);
      expect(admins.rows).toEqual([{ email: 'admin@example.com' }]);
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
      await fresh.drop();
    }
  }, 120_000);

  it('serves the same read again and again with unnamed statements', async () => {
    const name = await table();
    const token = await app.adminToken();
    const created = await app.request(`/api/items/${name}`, {
      method: 'POST',
      token,
      body: { title: 'first' },
    });
    expect(created.status).toBe(201);
    // Prepared on one server connection, a repeated statement would fail on the next one.
    const reads = await Promise.all(
      Array.from({ length: 12 }, () => app.request(`/api/items/${name}/1`, { token })),
    );
    expect(reads.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(reads.every((r) => r.body.data.title === 'first')).toBe(true);
    const patched = await app.request(`/api/items/${name}/1`, {
      method: 'PATCH',
      token,
      body: { title: 'second' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.title).toBe('second');
  });

  it('refuses an anonymous read and a non-admin write as it does without the pooler', async () => {
    const name = await table();
    const anonymous = await app.request(`/api/items/${name}`);
    expect(anonymous.status).toBe(401);
    const user = await createTokenUser();
    const write = await app.request(`/api/items/${name}`, {
      method: 'POST',
      token: user.token,
      body: { title: 'nope' },
    });
    expect(write.status).toBe(403);
  });

  it('keeps the read cache off without a direct connection: an outside write shows at once', async () => {
    const name = await table();
    const token = await app.adminToken();
    await app.request(`/api/items/${name}`, { method: 'POST', token, body: { title: 'old' } });
    const first = await app.request(`/api/items/${name}`, { token });
    const second = await app.request(`/api/items/${name}`, { token });
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('MISS');
    await outsideWrite(`update ${name} set title = 'new'`);
    const after = await app.request(`/api/items/${name}`, { token });
    expect(after.body.data).toEqual([{ id: 1, title: 'new' }]);
  });

  it('listens on DATABASE_DIRECT_URL when set: reads are cached and an outside write drops them', async () => {
    const { stopListeningForWrites } = await import('@/lib/db/write-notices');
    process.env.DATABASE_DIRECT_URL = directUrl();
    await stopListeningForWrites();
    try {
      const name = await table();
      const token = await app.adminToken();
      await app.request(`/api/items/${name}`, { method: 'POST', token, body: { title: 'old' } });
      let cached = '';
      for (let i = 0; i < 50 && cached !== 'HIT'; i++) {
        cached = (await app.request(`/api/items/${name}`, { token })).headers.get('x-cache')!;
        await sleep(50);
      }
      expect(cached).toBe('HIT');
      await outsideWrite(`update ${name} set title = 'new'`);
      let after = await app.request(`/api/items/${name}`, { token });
      for (let i = 0; i < 50 && after.body.data[0].title !== 'new'; i++) {
        await sleep(50);
        after = await app.request(`/api/items/${name}`, { token });
      }
      expect(after.body.data).toEqual([{ id: 1, title: 'new' }]);
      expect(after.headers.get('x-cache')).toBe('MISS');
    } finally {
      delete process.env.DATABASE_DIRECT_URL;
      await stopListeningForWrites();
    }
  });
});
