import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { shareTestRedis, within } from '../../helpers/redis-pair';
import { exec, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// Two processes sharing one database: only a PostgreSQL server allows that.
const { enabled, redisUrl, prefix } = shareTestRedis();

describe.runIf(enabled)('runtime hook extensions across instances through Redis', () => {
  const app = setupTestApp();
  let other: Instance;
  let admin: TokenUser;
  let table: string;

  const createOnOther = async (title: string) => {
    const res = await fetch(`${other.url}/api/items/${table}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    return ((await res.json()) as { data: { title: string } }).data.title;
  };

  beforeAll(async () => {
    admin = await createTokenUser({ admin: true });
    table = uid('hook_notes');
    await exec(`create table ${table} (id serial primary key, title text)`);
    (await import('@/lib/schema/overview')).invalidateSchema();
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
  }, 120_000);

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
  });

  it('applies a hook created here on the other instance, and stops when deactivated', async () => {
    const created = await app.request('/api/extensions', {
      method: 'POST',
      token: admin.token,
      body: {
        name: `shout-${crypto.randomBytes(4).toString('hex')}`,
        type: 'hook',
        source: `export default (emitter) => emitter.onFilter('${table}.items.create',
          (payload) => ({ ...payload, title: String(payload.title).toUpperCase() }));`,
      },
    });
    expect(created.status).toBe(201);
    await within(10_000, async () => (await createOnOther('loud')) === 'LOUD');
    await app.request(`/api/extensions/${created.body.data.id}/deactivate`, {
      method: 'POST',
      token: admin.token,
    });
    await within(10_000, async () => (await createOnOther('quiet')) === 'quiet');
  }, 60_000);
});
