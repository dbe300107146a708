import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { ownRedis } from '../../helpers/own-redis';
import { sleep, within } from '../../helpers/redis-pair';
import { copyAsReplica, onDatabase as on } from '../../helpers/replica';
import { exec, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// Two instances on one primary and one replica, telling each other who wrote through a Redis
// this file starts and stops itself.
const enabled = Boolean(process.env.TEST_REDIS_URL && process.env.DATABASE_URL);
const redis = enabled ? await ownRedis() : null;
const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
const STICKY_MS = 3_000;
if (redis) {
  process.env.REDIS_URL = redis.url;
  process.env.REDIS_PREFIX = prefix;
}

describe.runIf(enabled)('read replica across instances', () => {
  const app = setupTestApp();
  const table = uid('replicated');
  let other: Instance;
  let writer: TokenUser;
  let bystander: TokenUser;
  let drop: (() => Promise<void>) | undefined;

  const remote = async (path: string, token: string) => {
    const res = await fetch(`${other.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: await res.json() };
  };
  const titleOn = async (token: string) => {
    const res = await remote(`/api/items/${table}/1`, token);
    expect(res.status).toBe(200);
    return res.body.data.title as string;
  };

  beforeAll(async () => {
    await redis!.start();
    process.env.READ_CACHE = 'false';
    process.env.DATABASE_READ_STICKY_MS = String(STICKY_MS);
    await exec(`create table ${table} (id serial primary key, title text)`);
    await exec(`insert into ${table} (title) values ('primary')`);
    writer = await createTokenUser({ admin: true });
    bystander = await createTokenUser({ admin: true });
    const replica = await copyAsReplica(uid('daas_replica'));
    drop = replica.drop;
    await on(replica.url, `update ${table} set title = 'replica'`);
    process.env.DATABASE_READ_URL = replica.url;
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      DATABASE_READ_URL: replica.url,
      DATABASE_READ_STICKY_MS: String(STICKY_MS),
      READ_CACHE: 'false',
      REDIS_URL: redis!.url,
      REDIS_PREFIX: prefix,
    });
    await app.request('/api/server/ping');
    await within(5_000, async () => (await titleOn(bystander.token)) === 'replica');
    await sleep(300);
  }, 90_000);

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
    await redis?.stop();
    delete process.env.DATABASE_READ_URL;
    delete process.env.DATABASE_READ_STICKY_MS;
    const { closeDb } = await import('@/lib/db/client');
    await closeDb();
    await drop?.();
  });

  it("sends a caller's reads on the other instance to the primary after a write here", async () => {
    const patched = await app.request(`/api/items/${table}/1`, {
      method: 'PATCH',
      token: writer.token,
      body: { title: 'written' },
    });
    expect(patched.status).toBe(200);
    // Redis carries the notice without the answer waiting for it: seen within moments.
    const took = await within(1_000, async () => (await titleOn(writer.token)) === 'written');
    expect(took).toBeLessThan(STICKY_MS);
    expect(await titleOn(bystander.token)).toBe('replica');
    await within(STICKY_MS + 2_000, async () => (await titleOn(writer.token)) === 'replica');
  });

  it('reads the primary for every caller while Redis cannot be heard', async () => {
    expect(await titleOn(bystander.token)).toBe('replica');
    await redis!.stop();
    try {
      await within(5_000, async () => (await titleOn(bystander.token)) === 'written');
    } finally {
      await redis!.start();
    }
    const anonymous = await fetch(`${other.url}/api/items/${table}/1`);
    expect(anonymous.status).toBe(401);
    await within(STICKY_MS + 5_000, async () => (await titleOn(bystander.token)) === 'replica');
  }, 30_000);
});
