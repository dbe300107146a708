import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { sleep, shareTestRedis, within } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// Two processes sharing one database: only a PostgreSQL server allows that.
const { enabled, redisUrl, prefix } = shareTestRedis();

const uid = (p: string) => `${p}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

describe.runIf(enabled)('schema changes across instances through Redis', () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: TokenUser;

  const remote = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${other.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  /** Two new tables made with plain SQL, announced as any schema change here is. */
  async function tables() {
    const parent = uid('xp');
    const child = uid('xc');
    await sql.raw(`create table ${parent} (id serial primary key)`).execute(await db());
    await sql
      .raw(`create table ${child} (id serial primary key, parent integer)`)
      .execute(await db());
    (await import('@/lib/schema/overview')).invalidateSchema();
    return { parent, child };
  }

  beforeAll(async () => {
    admin = await createTokenUser({ admin: true });
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
    // Each instance subscribes on its first schema read, then drops what it built before the
    // subscription was in place (a notice may have been missed): let both settle first.
    await (await import('@/lib/schema/overview')).getSchema(await db());
    await within(5_000, async () => (await remote('/api/relations')).status === 200);
    await sleep(500);
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
  });

  it('serves a relation created through this instance from the other within a second', async () => {
    const { parent, child } = await tables();
    await within(1_000, async () => (await remote(`/api/relations/${child}`)).status === 200);
    // The notice may land after that read began: let it, then read once more to re-warm.
    await sleep(300);
    expect((await remote(`/api/relations/${child}`)).status).toBe(200);
    // Its overview is cached: a table made behind its back stays unknown to it.
    const unseen = uid('xu');
    await sql.raw(`create table ${unseen} (id serial primary key)`).execute(await db());
    expect((await remote(`/api/relations/${unseen}`)).status).toBe(404);

    const created = await app.request('/api/relations', {
      method: 'POST',
      token: admin.token,
      body: { collection: child, field: 'parent', related_collection: parent },
    });
    expect(created.status).toBe(201);
    const took = await within(1_000, async () => {
      const res = await remote(`/api/relations/${child}/parent`);
      return res.status === 200;
    });
    expect(took).toBeLessThan(1_000);
    const res = await remote(`/api/relations/${child}/parent`);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      related_collection: parent,
      schema: { on_delete: 'SET NULL' },
    });
  });

  it('drops this instance’s cache on a notice from the other, never on its own', async () => {
    const { getSchema } = await import('@/lib/schema/overview');
    const { onSchemaChange, publishSchemaChange } = await import('@/lib/schema/notify');
    const { parent, child } = await tables();
    await within(1_000, async () => (await remote(`/api/relations/${child}`)).status === 200);
    let notices = 0;
    onSchemaChange(() => notices++);

    publishSchemaChange();
    await sleep(300);
    expect(notices).toBe(0);

    const warm = await getSchema(await db());
    expect(warm.relations.some((r) => r.collection === child)).toBe(false);
    const created = await remote('/api/relations', {
      method: 'POST',
      body: { collection: child, field: 'parent', related_collection: parent },
    });
    expect(created.status).toBe(201);
    await within(1_000, async () => {
      const s = await getSchema(await db());
      return s.relations.some((r) => r.collection === child && r.field === 'parent');
    });
    expect(notices).toBeGreaterThanOrEqual(1);
  });
});
