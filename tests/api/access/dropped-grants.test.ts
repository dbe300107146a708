import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../helpers/app';
import { startInstance, type Instance } from '../../helpers/instance';
import { shareTestRedis, sleep, within } from '../../helpers/redis-pair';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// The last block runs a second instance against the same PostgreSQL database and Redis.
const { enabled: twoInstances, redisUrl, prefix } = shareTestRedis();

const app: TestApp = setupTestApp();
let admin: TokenUser;

const name = (p: string) => `${p}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  app.request(path, { method, body, token: admin.token });

async function createCollection(collection: string, fields = ['title', 'secret']) {
  const res = await asAdmin('/api/collections', 'POST', {
    collection,
    fields: fields.map((field) => ({ field, type: 'string' })),
  });
  expect(res.status, res.text).toBe(201);
}

async function addRow(collection: string, values: Record<string, string>) {
  const res = await asAdmin(`/api/items/${collection}`, 'POST', values);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

async function grantsOn(collection: string) {
  return (await db())
    .selectFrom('daas_permissions')
    .select(['action', 'fields', 'presets'])
    .where('collection', '=', collection)
    .orderBy('id')
    .execute();
}

async function addPermission(row: {
  policy: string;
  collection: string;
  action: 'create' | 'read' | 'update' | 'delete';
  fields: string[];
  presets?: Record<string, unknown>;
}) {
  const res = await asAdmin('/api/permissions', 'POST', row);
  expect(res.status, res.text).toBe(201);
}

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
});

describe('a dropped field takes its grants with it', () => {
  it('does not let a non-admin read a field recreated under the name of a dropped one', async () => {
    const collection = name('dg');
    await createCollection(collection);
    const reader = await createTokenUser();
    await addPermission({
      policy: reader.policy,
      collection,
      action: 'read',
      fields: ['id', 'title', 'secret'],
    });
    const id = await addRow(collection, { title: 'a', secret: 'old' });
    const before = await app.request(`/api/items/${collection}/${id}`, { token: reader.token });
    expect(before.body.data).toEqual({ id, title: 'a', secret: 'old' });

    expect((await asAdmin(`/api/fields/${collection}/secret`, 'DELETE')).status).toBe(204);
    const recreated = await asAdmin(`/api/fields/${collection}`, 'POST', {
      field: 'secret',
      type: 'string',
    });
    expect(recreated.status).toBe(201);
    await asAdmin(`/api/items/${collection}/${id}`, 'PATCH', { secret: 'new' });

    const after = await app.request(`/api/items/${collection}/${id}`, { token: reader.token });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({ id, title: 'a' });
    const asked = await app.request(`/api/items/${collection}?fields=secret`, {
      token: reader.token,
    });
    expect(asked.status).toBe(403);
    expect(asked.text).not.toContain('new');
    expect((await grantsOn(collection)).map((g) => g.fields)).toEqual([['id', 'title']]);
  });

  it('takes the field out of every field list and preset of the collection, keeping the rest', async () => {
    const collection = name('dg');
    await createCollection(collection, ['title', 'secret', 'note']);
    const writer = await createTokenUser();
    await addPermission({
      policy: writer.policy,
      collection,
      action: 'create',
      fields: ['title', 'secret'],
      presets: { secret: 'preset', note: 'kept' },
    });
    await addPermission({
      policy: writer.policy,
      collection,
      action: 'update',
      fields: ['secret'],
    });
    await addPermission({ policy: writer.policy, collection, action: 'read', fields: ['*'] });

    expect((await asAdmin(`/api/fields/${collection}/secret`, 'DELETE')).status).toBe(204);

    expect(await grantsOn(collection)).toEqual([
      { action: 'create', fields: ['title'], presets: { note: 'kept' } },
      { action: 'update', fields: [], presets: null },
      { action: 'read', fields: ['*'], presets: null },
    ]);
    await asAdmin(`/api/fields/${collection}`, 'POST', { field: 'secret', type: 'string' });
    const created = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: writer.token,
      body: { title: 't' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ title: 't', note: 'kept', secret: null });
    const written = await app.request(`/api/items/${collection}/${created.body.data.id}`, {
      method: 'PATCH',
      token: writer.token,
      body: { secret: 'x' },
    });
    expect(written.status).toBe(403);
  });

  it('drops the grants of a one-to-many alias removed with its relation', async () => {
    const parent = name('dgp');
    const child = name('dgc');
    await createCollection(parent, ['title']);
    await asAdmin('/api/collections', 'POST', {
      collection: child,
      fields: [{ field: 'parent', type: 'integer' }],
    });
    const linked = await asAdmin('/api/relations', 'POST', {
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { one_field: 'children' },
    });
    expect(linked.status, linked.text).toBe(201);
    const reader = await createTokenUser();
    await addPermission({
      policy: reader.policy,
      collection: parent,
      action: 'read',
      fields: ['id', 'children'],
    });
    expect((await asAdmin(`/api/relations/${child}/parent`, 'DELETE')).status).toBe(204);
    expect((await grantsOn(parent)).map((g) => g.fields)).toEqual([['id']]);
  });

  it('drops the grants of a field removed by a mirror-mode schema apply', async () => {
    const collection = name('dg');
    await createCollection(collection);
    const reader = await createTokenUser();
    await addPermission({ policy: reader.policy, collection, action: 'read', fields: ['secret'] });
    const snapshot = (await asAdmin('/api/schema/snapshot')).body.data;
    snapshot.fields = snapshot.fields.filter(
      (f: { collection: string; field: string }) =>
        !(f.collection === collection && f.field === 'secret'),
    );
    const diff = await asAdmin('/api/schema/diff?mode=mirror', 'POST', snapshot);
    expect(diff.status, diff.text).toBe(200);
    const applied = await asAdmin('/api/schema/apply', 'POST', diff.body.data);
    expect(applied.status, applied.text).toBe(204);
    expect((await grantsOn(collection)).map((g) => g.fields)).toEqual([[]]);
  });

  it('drops the grants of a column removed by a raw SQL operation', async () => {
    const collection = name('dg');
    const gone = name('dgx');
    await createCollection(collection);
    // A table without metadata: once dropped, nothing is left of it (no folder either).
    await asAdmin('/api/schema/apply', 'POST', {
      operations: [{ type: 'sql', sql: `create table ${gone} (id serial primary key)` }],
    });
    const reader = await createTokenUser();
    await addPermission({
      policy: reader.policy,
      collection,
      action: 'read',
      fields: ['title', 'secret'],
    });
    await addPermission({ policy: reader.policy, collection: gone, action: 'read', fields: ['*'] });
    const res = await asAdmin('/api/schema/apply', 'POST', {
      operations: [
        { type: 'sql', sql: `alter table ${collection} drop column secret` },
        { type: 'sql', sql: `drop table ${gone}` },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect((await grantsOn(collection)).map((g) => g.fields)).toEqual([['title']]);
    expect(await grantsOn(gone)).toEqual([]);
  });
});

describe('a dropped collection takes its grants with it', () => {
  it('refuses a collection recreated at once under the name of one the caller could read', async () => {
    const collection = name('dc');
    await createCollection(collection);
    const reader = await createTokenUser({ permissions: [{ collection, action: 'read' }] });
    // The caller's permissions are now cached.
    const first = await app.request(`/api/items/${collection}`, { token: reader.token });
    expect(first.status).toBe(200);

    expect((await asAdmin(`/api/collections/${collection}`, 'DELETE')).status).toBe(204);
    await createCollection(collection);
    await addRow(collection, { title: 'new', secret: 's' });

    const items = await app.request(`/api/items/${collection}`, { token: reader.token });
    expect(items.status).toBe(403);
    expect(items.text).not.toContain('new');
    const fields = await app.request(`/api/fields/${collection}`, { token: reader.token });
    expect(fields.status).toBe(404);
    expect(await grantsOn(collection)).toEqual([]);
  });

  it('refuses a collection recreated through a mirror-mode schema apply', async () => {
    const collection = name('dc');
    await createCollection(collection);
    const reader = await createTokenUser({ permissions: [{ collection, action: 'read' }] });
    expect((await app.request(`/api/items/${collection}`, { token: reader.token })).status).toBe(
      200,
    );
    const snapshot = (await asAdmin('/api/schema/snapshot')).body.data;
    snapshot.collections = snapshot.collections.filter(
      (c: { collection: string }) => c.collection !== collection,
    );
    snapshot.fields = snapshot.fields.filter(
      (f: { collection: string }) => f.collection !== collection,
    );
    const diff = await asAdmin('/api/schema/diff?mode=mirror', 'POST', snapshot);
    expect((await asAdmin('/api/schema/apply', 'POST', diff.body.data)).status).toBe(204);
    await createCollection(collection);
    expect((await app.request(`/api/items/${collection}`, { token: reader.token })).status).toBe(
      403,
    );
  });
});

describe('grants left behind earlier (before drops cleaned them)', () => {
  it('do not apply to a field or collection created under their name', async () => {
    const collection = name('dl');
    const later = name('dl');
    await createCollection(collection, ['title']);
    const reader = await createTokenUser();
    // Rows as a drop used to leave them: naming a field and a collection that don't exist.
    await (
      await db()
    )
      .insertInto('daas_permissions')
      .values([
        {
          policy: reader.policy,
          collection,
          action: 'read',
          fields: JSON.stringify(['id', 'title', 'secret']),
        },
        { policy: reader.policy, collection: later, action: 'read', fields: JSON.stringify(['*']) },
      ])
      .execute();
    (await import('@/lib/access/policies')).invalidateAccessCache();

    await asAdmin(`/api/fields/${collection}`, 'POST', { field: 'secret', type: 'string' });
    const id = await addRow(collection, { title: 'a', secret: 's' });
    const item = await app.request(`/api/items/${collection}/${id}`, { token: reader.token });
    expect(item.body.data).toEqual({ id, title: 'a' });
    expect((await grantsOn(collection)).map((g) => g.fields)).toEqual([['id', 'title']]);

    await createCollection(later);
    expect((await app.request(`/api/items/${later}`, { token: reader.token })).status).toBe(403);
    expect(await grantsOn(later)).toEqual([]);
  });
});

describe.runIf(twoInstances)('a drop reaches the permission cache of the other instance', () => {
  let other: Instance;

  beforeAll(async () => {
    other = await startInstance({
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
    await app.request('/api/server/ping');
    await within(5_000, async () => (await fetch(`${other.url}/api/server/ping`)).ok);
    await sleep(500);
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
  });

  const remote = (path: string, token: string) =>
    fetch(`${other.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('refuses there, within a second, a collection dropped and recreated here', async () => {
    const collection = name('dr');
    await createCollection(collection);
    const reader = await createTokenUser({ permissions: [{ collection, action: 'read' }] });
    await within(5_000, async () => (await remote(`/api/items/${collection}`, reader.token)).ok);

    expect((await asAdmin(`/api/collections/${collection}`, 'DELETE')).status).toBe(204);
    await createCollection(collection);
    await within(
      1_000,
      async () => (await remote(`/api/items/${collection}`, reader.token)).status === 403,
    );
  });

  it('hides there, within a second, a field dropped and recreated here', async () => {
    const collection = name('dr');
    await createCollection(collection);
    const reader = await createTokenUser({
      permissions: [{ collection, action: 'read', fields: ['id', 'secret'] }],
    });
    const id = await addRow(collection, { title: 'a', secret: 'old' });
    const read = async () =>
      (await (await remote(`/api/items/${collection}/${id}`, reader.token)).json()) as {
        data: Record<string, unknown>;
      };
    await within(5_000, async () => (await read()).data?.secret === 'old');

    expect((await asAdmin(`/api/fields/${collection}/secret`, 'DELETE')).status).toBe(204);
    await asAdmin(`/api/fields/${collection}`, 'POST', { field: 'secret', type: 'string' });
    await asAdmin(`/api/items/${collection}/${id}`, 'PATCH', { secret: 'new' });
    await within(1_000, async () => !('secret' in (await read()).data));
  });
});
