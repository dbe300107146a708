import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions } from '../../helpers/permissions';
import { exec, reloaded, uid } from '../../helpers/schema-sql';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';
import { startInstance } from '../../helpers/instance';
import { copyAsReplica, onDatabase as on } from '../../helpers/replica';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STICKY_MS = 600;

// A replica stands beside a PostgreSQL server; the embedded database has none. The "replica"
// is a copy of the app's database made after seeding, then changed on its own so that every
// answer tells which database it came from (and a replica "behind" the primary is simulated
// by writes the copy never receives).
describe.runIf(process.env.DATABASE_URL)('read replica (DATABASE_READ_URL)', () => {
  const app = setupTestApp();
  const table = uid('replicated');
  const replicaName = uid('daas_replica');
  let primaryUrl = '';
  let replicaUrl = '';
  let dropReplica: (() => Promise<void>) | undefined;
  /** What the app is given: the replica through a proxy the test can cut. */
  let appReplicaUrl = '';
  let proxy: TcpProxy;
  let admin: TokenUser;
  let otherAdmin: TokenUser;
  let reader: TokenUser;
  let grant = '';

  beforeAll(async () => {
    process.env.READ_CACHE = 'false';
    process.env.DATABASE_READ_STICKY_MS = String(STICKY_MS);
    primaryUrl = process.env.DATABASE_URL!;
    await exec(`create table ${table} (id serial primary key, title text)`);
    await exec(`insert into ${table} (title) values ('primary-1'), ('primary-2')`);
    admin = await createTokenUser({ admin: true });
    otherAdmin = await createTokenUser({ admin: true });
    reader = await createTokenUser({ permissions: [{ collection: table, action: 'read' }] });
    const granted = await on(
      primaryUrl,
      'select id from daas_permissions where policy = $1 and collection = $2',
      [reader.policy, table],
    );
    grant = String(granted.rows[0].id);
    const publicPolicy = await on(primaryUrl, 'select id from daas_policies where public');
    await addPermissions(publicPolicy.rows[0].id, [{ collection: table, action: 'read' }]);
    const replica = await copyAsReplica(replicaName);
    replicaUrl = replica.url;
    dropReplica = replica.drop;
    await on(replicaUrl, `update ${table} set title = replace(title, 'primary', 'replica')`);
    await on(replicaUrl, `insert into ${table} (id, title) values (100, 'replica-only')`);
    const server = new URL(replicaUrl);
    proxy = await tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const through = new URL(replicaUrl);
    through.host = `127.0.0.1:${proxy.port}`;
    appReplicaUrl = through.toString();
    process.env.DATABASE_READ_URL = appReplicaUrl;
  });

  afterAll(async () => {
    delete process.env.DATABASE_READ_URL;
    delete process.env.DATABASE_READ_STICKY_MS;
    delete process.env.READ_CACHE;
    const { closeDb } = await import('@/lib/db/client');
    await closeDb();
    await proxy?.close();
    await dropReplica?.();
  });

  const titles = (res: { body: { data: { title: string }[] } }) =>
    res.body.data.map((i) => i.title).sort();

  it('answers a plain list, by-id and aggregate read from the replica', async () => {
    const list = await app.request(`/api/items/${table}`, { token: reader.token });
    expect(list.status).toBe(200);
    expect(titles(list)).toEqual(['replica-1', 'replica-2', 'replica-only']);
    const one = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(one.status).toBe(200);
    expect(one.body.data.title).toBe('replica-1');
    const count = await app.request(`/api/items/${table}?aggregate[count]=*`, {
      token: admin.token,
    });
    expect(count.status).toBe(200);
    expect(count.body.data).toEqual([{ count: { '*': 3 } }]);
  });

  it('lists files from the replica, and a file by id from the primary', async () => {
    const added = await on(
      replicaUrl,
      `insert into daas_files (filename_download, title) values ('r.txt', 'replica file') returning id`,
    );
    const list = await app.request('/api/files?fields=id,title', { token: otherAdmin.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: added.rows[0].id, title: 'replica file' }]);
    const one = await app.request(`/api/files/${added.rows[0].id}`, { token: otherAdmin.token });
    expect(one.status).toBe(404);
    const nonAdmin = await app.request('/api/files', { token: reader.token });
    expect(nonAdmin.status).toBe(403);
  });

  it('reads the replica for an anonymous caller the public policy lets read', async () => {
    const list = await app.request(`/api/items/${table}`);
    expect(list.status).toBe(200);
    expect(titles(list)).toEqual(['replica-1', 'replica-2', 'replica-only']);
    const write = await app.request(`/api/items/${table}`, {
      method: 'POST',
      body: { title: 'anonymous' },
    });
    expect(write.status).toBe(401);
  });

  it('writes to the primary and answers the write from the primary', async () => {
    const created = await app.request(`/api/items/${table}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'created' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.title).toBe('created');
    const id = created.body.data.id as number;
    const onPrimary = await on(primaryUrl, `select title from ${table} where id = $1`, [id]);
    const onReplica = await on(replicaUrl, `select title from ${table} where id = $1`, [id]);
    expect(onPrimary.rows).toEqual([{ title: 'created' }]);
    expect(onReplica.rows).toEqual([]);
    // The replica still says "replica-2": the item the update answers was read on the primary.
    const patched = await app.request(`/api/items/${table}/2?fields=id,title`, {
      method: 'PATCH',
      token: admin.token,
      body: { title: 'patched' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ id: 2, title: 'patched' });
  });

  it("keeps the writer's reads on the primary for the sticky window, others' on the replica", async () => {
    const patched = await app.request(`/api/items/${table}/1`, {
      method: 'PATCH',
      token: admin.token,
      body: { title: 'mine' },
    });
    expect(patched.status).toBe(200);
    const writer = await app.request(`/api/items/${table}/1`, { token: admin.token });
    expect(writer.body.data.title).toBe('mine');
    const other = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
    expect(other.body.data.title).toBe('replica-1');
    const nonAdmin = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(nonAdmin.body.data.title).toBe('replica-1');
    await sleep(STICKY_MS + 200);
    const later = await app.request(`/api/items/${table}/1`, { token: admin.token });
    expect(later.status).toBe(200);
    expect(later.body.data.title).toBe('replica-1');
  });

  it('makes a refused write sticky too, and refuses it as without a replica', async () => {
    const refused = await app.request(`/api/items/${table}`, {
      method: 'POST',
      token: reader.token,
      body: { title: 'not allowed' },
    });
    expect(refused.status).toBe(403);
    const after = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(after.body.data.title).toBe('mine');
    await sleep(STICKY_MS + 200);
    const later = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(later.body.data.title).toBe('replica-1');
  });

  it('refuses a revoked grant at once though the replica still holds it', async () => {
    const before = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(before.status).toBe(200);
    const stillThere = await on(replicaUrl, 'select id from daas_permissions where id = $1', [
      grant,
    ]);
    expect(stillThere.rowCount).toBe(1);
    const revoked = await app.request(`/api/permissions/${grant}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(revoked.status).toBe(204);
    const list = await app.request(`/api/items/${table}`, { token: reader.token });
    const one = await app.request(`/api/items/${table}/1`, { token: reader.token });
    expect(list.status).toBe(403);
    expect(one.status).toBe(403);
  });

  it('compares rows with the caller’s own user row on the primary', async () => {
    const user = await createTokenUser();
    await addPermissions(user.policy, [
      {
        collection: table,
        action: 'read',
        permissions: { title: { _eq: '$CURRENT_USER.first_name' } },
      },
    ]);
    // The user row and the rows it unlocks exist on the primary only.
    await on(primaryUrl, 'update daas_users set first_name = $1 where id = $2', ['mine', user.id]);
    const res = await app.request(`/api/items/${table}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(['mine']);
  });

  it('keeps and serves primary answers in the read cache as before', async () => {
    process.env.READ_CACHE = 'true';
    process.env.DATABASE_READ_STICKY_MS = '10000';
    try {
      // As a restart with the cache on would: the tables made with it off get watched.
      await reloaded();
      const patched = await app.request(`/api/items/${table}/2`, {
        method: 'PATCH',
        token: admin.token,
        body: { title: 'cached' },
      });
      expect(patched.status).toBe(200);
      let read = await app.request(`/api/items/${table}/2`, { token: admin.token });
      for (let i = 0; i < 50 && read.headers.get('x-cache') !== 'HIT'; i++) {
        await sleep(50);
        read = await app.request(`/api/items/${table}/2`, { token: admin.token });
      }
      expect(read.headers.get('x-cache')).toBe('HIT');
      expect(read.body.data.title).toBe('cached');
      // Another administrator's read fits the same entry: it is the primary's, never older.
      const other = await app.request(`/api/items/${table}/2`, { token: otherAdmin.token });
      expect(other.headers.get('x-cache')).toBe('HIT');
      expect(other.body.data.title).toBe('cached');
    } finally {
      process.env.READ_CACHE = 'false';
      process.env.DATABASE_READ_STICKY_MS = String(STICKY_MS);
    }
  });

  it('keeps replica answers out of the read cache, so none outlives the replica catching up', async () => {
    process.env.READ_CACHE = 'true';
    try {
      const first = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      const second = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      expect([first.body.data.title, second.body.data.title]).toEqual(['replica-1', 'replica-1']);
      expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual([
        'MISS',
        'MISS',
      ]);
      // With the read cache listening and the table watched (the test before), a kept
      // answer would be served from here on. The replica catches up with the primary's "mine": the next read shows it.
      await on(replicaUrl, `update ${table} set title = 'mine' where id = 1`);
      const caughtUp = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      expect(caughtUp.body.data.title).toBe('mine');
    } finally {
      process.env.READ_CACHE = 'false';
      await on(replicaUrl, `update ${table} set title = 'replica-1' where id = 1`);
    }
  });

  it('reads the primary while the replica cannot be reached, logs it once, and the replica again after', async () => {
    const { logBuffer } = await import('@/lib/core/logger');
    const seen: string[] = [];
    const unsubscribe = logBuffer.subscribe((e) => seen.push(String(e.msg)));
    process.env.DATABASE_READ_URL = 'postgres://postgres@127.0.0.1:1/nowhere';
    try {
      const list = await app.request(`/api/items/${table}`, { token: otherAdmin.token });
      expect(list.status).toBe(200);
      expect(titles(list)).toContain('created');
      const one = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      expect(one.status).toBe(200);
      expect(one.body.data.title).toBe('mine');
      const anonymous = await app.request(`/api/items/${table}/1`);
      expect(anonymous.body.data.title).toBe('mine');
    } finally {
      process.env.DATABASE_READ_URL = appReplicaUrl;
    }
    const back = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
    unsubscribe();
    expect(back.body.data.title).toBe('replica-1');
    expect(seen.filter((m) => m.startsWith('read replica unreachable'))).toHaveLength(1);
  });

  it('reads the primary while connections to the replica are cut, and the replica once it is back', async () => {
    const { logBuffer } = await import('@/lib/core/logger');
    const seen: string[] = [];
    const unsubscribe = logBuffer.subscribe((e) => seen.push(String(e.msg)));
    try {
      const before = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      expect(before.body.data.title).toBe('replica-1');
      await proxy.cut();
      const during = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.request(`/api/items/${table}/1`, { token: otherAdmin.token }),
        ),
      );
      expect(during.map((r) => [r.status, r.body.data.title])).toEqual(
        Array(5).fill([200, 'mine']),
      );
      await proxy.restore();
      // The replica is tried again by one read every 5 seconds.
      await sleep(5_200);
      const after = await app.request(`/api/items/${table}/1`, { token: otherAdmin.token });
      expect(after.body.data.title).toBe('replica-1');
    } finally {
      unsubscribe();
    }
    expect(seen.filter((m) => m.startsWith('read replica unreachable'))).toHaveLength(1);
    expect(seen.filter((m) => m === 'read replica answers again')).toHaveLength(1);
  });

  it('answers from the primary a collection the replica does not have yet', async () => {
    const fresh = uid('not_replicated');
    await exec(`create table ${fresh} (id serial primary key, title text)`);
    await exec(`insert into ${fresh} (title) values ('only on the primary')`);
    const list = await app.request(`/api/items/${fresh}`, { token: otherAdmin.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: 1, title: 'only on the primary' }]);
    const one = await app.request(`/api/items/${fresh}/1`, { token: otherAdmin.token });
    expect(one.status).toBe(200);
  });

  it('answers from the primary a read the standby cancels (40001), and keeps the replica', async () => {
    const cancelled = uid('cancelled');
    await exec(`create table ${cancelled} (id serial primary key, title text)`);
    await exec(`insert into ${cancelled} (title) values ('from the primary')`);
    // What a hot standby raises when replaying the primary's changes would conflict with a
    // running read ("canceling statement due to conflict with recovery"): the same SQLSTATE
    // from a real server, raised whenever the replica's copy of the table is read.
    await on(
      replicaUrl,
      `create function ${cancelled}_conflict() returns boolean language plpgsql as $$
       begin
         raise exception 'canceling statement due to conflict with recovery'
           using errcode = '40001';
       end $$`,
    );
    await on(
      replicaUrl,
      `create view ${cancelled} as select 1 as id, 'from the replica'::text as title
       where ${cancelled}_conflict()`,
    );
    const list = await app.request(`/api/items/${cancelled}`, { token: otherAdmin.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: 1, title: 'from the primary' }]);
    const one = await app.request(`/api/items/${cancelled}/1`, { token: reader.token });
    // The reader may not read this collection: the refusal is the primary's, as without a replica.
    expect(one.status).toBe(403);
    const byId = await app.request(`/api/items/${cancelled}/1`, { token: otherAdmin.token });
    expect(byId.status).toBe(200);
    expect(byId.body.data.title).toBe('from the primary');
    // One cancelled read is not an outage: the next read of another collection is the replica's.
    const other = await app.request(`/api/items/${table}`, { token: otherAdmin.token });
    expect(titles(other)).toContain('replica-only');
  });

  it("adds the replica's round trip to an admin's health report, and only the status for others", async () => {
    const res = await app.request('/api/server/health', { token: admin.token });
    expect(res.status).toBe(200);
    const [replica] = res.body.checks['database:replica:responseTime'];
    expect(replica).toMatchObject({ status: 'ok', componentType: 'datastore', observedUnit: 'ms' });
    expect(replica.observedValue).toBeGreaterThanOrEqual(0);
    // A copy is no standby: it has no replay to lag behind.
    expect(res.body.checks).not.toHaveProperty('database:replica:lag');
    const other = await app.request('/api/server/health', { token: reader.token });
    expect(other.body).toEqual({ status: res.body.status });
  });

  it('warns, and keeps serving, while the replica cannot be reached', async () => {
    process.env.DATABASE_READ_URL = 'postgres://postgres@127.0.0.1:1/nowhere';
    try {
      const res = await app.request('/api/server/health', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('warn');
      expect(res.body.checks['database:replica:responseTime'][0].status).toBe('warn');
      expect(res.body.checks['database:responseTime'][0].status).toMatch(/^(ok|warn)$/);
      expect((await app.request('/api/server/health')).body).toEqual({ status: 'warn' });
    } finally {
      process.env.DATABASE_READ_URL = appReplicaUrl;
    }
  });

  it('reads the primary once the replica database is gone', async () => {
    await dropReplica!();
    const list = await app.request(`/api/items/${table}`, { token: otherAdmin.token });
    expect(list.status).toBe(200);
    expect(titles(list)).toContain('created');
    const anonymous = await app.request(`/api/items/${table}/1`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.title).toBe('mine');
  });
});

describe('read replica without DATABASE_URL', () => {
  it('refuses to start: the embedded database has no replicas', async () => {
    const start = startInstance({
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:1/replica',
    });
    await expect(start).rejects.toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
  }, 60_000);
});
