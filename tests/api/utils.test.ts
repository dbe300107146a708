import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createTokenUser } from '../helpers/token-users';
import { createPermittedUser } from '../helpers/permissions';
import { count, defineSchema, rows } from './items/write-fixture';

const app = setupTestApp();
let admin: string;
const off: (() => void)[] = [];

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

beforeAll(async () => {
  admin = await app.adminToken();
  await defineSchema({
    sql: [
      `create table ut_cards (id serial primary key, title text, position integer)`,
      `create table ut_plain (id serial primary key, title text)`,
      `create table ut_rows (id serial primary key, name varchar(20) not null, qty integer,
        done boolean, info jsonb)`,
    ],
  });
  await (
    await db()
  )
    .insertInto('daas_collections')
    .values({ collection: 'ut_cards', sort_field: 'position' })
    .execute();
  (await import('@/lib/schema/overview')).invalidateSchema();
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

describe('GET /api/utils/random/string', () => {
  it('answers a URL-safe string of the asked length, 32 by default', async () => {
    const plain = await app.request('/api/utils/random/string');
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const short = await app.request('/api/utils/random/string?length=10');
    expect(short.body.data).toHaveLength(10);
    expect((await app.request('/api/utils/random/string?length=0')).status).toBe(400);
    expect((await app.request('/api/utils/random/string?length=501')).status).toBe(400);
  });
});

describe('POST /api/utils/hash/generate and /verify', () => {
  it('hashes a string with argon2 and verifies it', async () => {
    const made = await app.request('/api/utils/hash/generate', {
      method: 'POST',
      token: admin,
      body: { string: 'Hello World!' },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatch(/^\$argon2id\$/);
    const verify = (string: string) =>
      app.request('/api/utils/hash/verify', {
        method: 'POST',
        token: admin,
        body: { string, hash: made.body.data },
      });
    expect((await verify('Hello World!')).body.data).toBe(true);
    expect((await verify('hello world!')).body.data).toBe(false);
  });

  it('needs the string and a signed-in caller', async () => {
    const missing = await app.request('/api/utils/hash/generate', {
      method: 'POST',
      token: admin,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_PAYLOAD');
    const anonymous = await app.request('/api/utils/hash/generate', {
      method: 'POST',
      body: { string: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/utils/sort/:collection', () => {
  async function order(): Promise<string[]> {
    const res = await sql<{
      title: string;
    }>`select title from ut_cards order by position, id`.execute(await db());
    return res.rows.map((r) => r.title);
  }

  const sort = (body: unknown, token = admin) =>
    app.request('/api/utils/sort/ut_cards', { method: 'POST', token, body });

  it('moves an item to another one’s place, numbering unsorted rows first', async () => {
    await sql`insert into ut_cards (title, position) values ('a', null), ('b', null), ('c', null), ('d', null)`.execute(
      await db(),
    );
    expect((await sort({ item: 1, to: 3 })).status).toBe(204);
    expect(await order()).toEqual(['b', 'c', 'a', 'd']);
    expect((await sort({ item: 4, to: 2 })).status).toBe(204);
    expect(await order()).toEqual(['d', 'b', 'c', 'a']);
  });

  it('refuses a collection without a sort field, an unknown item and a bad body', async () => {
    const plain = await app.request('/api/utils/sort/ut_plain', {
      method: 'POST',
      token: admin,
      body: { item: 1, to: 2 },
    });
    expect(plain.status).toBe(400);
    expect(plain.body.error).toContain('no sort field');
    expect((await sort({ item: 999, to: 1 })).status).toBe(404);
    expect((await sort({ item: 1 })).status).toBe(400);
  });

  it('needs update permission on the sort field', async () => {
    const reader = await createTokenUser({
      permissions: [{ collection: 'ut_cards', action: 'read' }],
    });
    expect((await sort({ item: 1, to: 2 }, reader.token)).status).toBe(403);
    const titles = await createTokenUser({
      permissions: [{ collection: 'ut_cards', action: 'update', fields: ['title'] }],
    });
    expect((await sort({ item: 1, to: 2 }, titles.token)).status).toBe(403);
    const sorter = await createTokenUser({
      permissions: [{ collection: 'ut_cards', action: 'update', fields: ['position'] }],
    });
    expect((await sort({ item: 1, to: 2 }, sorter.token)).status).toBe(204);
  });

  it('refuses a caller whose grant of the sort field covers only some rows', async () => {
    const some = await createPermittedUser([
      {
        collection: 'ut_cards',
        action: 'update',
        fields: ['position'],
        permissions: { id: { _eq: 1 } },
      },
    ]);
    const someToken = await app.login(some.email, some.password);
    expect((await sort({ item: 1, to: 2 }, someToken)).status).toBe(403);
    const split = await createPermittedUser(
      [
        {
          collection: 'ut_cards',
          action: 'update',
          fields: ['position'],
          permissions: { id: { _eq: 1 } },
        },
      ],
      [{ collection: 'ut_cards', action: 'update', fields: ['title'] }],
    );
    const token = await app.login(split.email, split.password);
    expect((await sort({ item: 1, to: 2 }, token)).status).toBe(403);
  });
});

describe('POST /api/utils/cache/clear', () => {
  it('lets an administrator drop the schema cache, so a table made behind its back shows', async () => {
    await getCollection('ut_later', 404);
    await sql`create table ut_later (id serial primary key)`.execute(await db());
    await getCollection('ut_later', 404);
    const res = await app.request('/api/utils/cache/clear?system=true', {
      method: 'POST',
      token: admin,
    });
    expect(res.status).toBe(204);
    await getCollection('ut_later', 200);
    // And watches it for writes, so its reads can be cached from now on.
    const { watchedTables } = await import('@/lib/db/write-notices');
    expect((await watchedTables(await db())).has('ut_later')).toBe(true);
  });

  it('is for administrators only', async () => {
    const member = await createTokenUser();
    const res = await app.request('/api/utils/cache/clear', {
      method: 'POST',
      token: member.token,
    });
    expect(res.status).toBe(403);
  });

  async function getCollection(name: string, status: number) {
    const res = await app.request(`/api/collections/${name}`, { token: admin });
    expect(res.status).toBe(status);
  }
});

describe('POST /api/utils/import/:collection', () => {
  async function upload(file: string, type: string, token = admin, collection = 'ut_rows') {
    const form = new FormData();
    form.append('file', new Blob([file], { type }), 'data');
    const encoded = new Response(form);
    return app.request(`/api/utils/import/${collection}`, {
      method: 'POST',
      token,
      rawBody: await encoded.text(),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
  }

  it('imports a JSON array of items, with activity for each', async () => {
    const before = await count('ut_rows');
    const res = await upload(
      JSON.stringify([
        { name: 'one', qty: 1 },
        { name: 'two', qty: 2, info: { a: 1 } },
      ]),
      'application/json',
    );
    expect(res.status).toBe(204);
    expect(await count('ut_rows')).toBe(before + 2);
    const logged = await app.request(
      '/api/activity?filter[collection][_eq]=ut_rows&filter[action][_eq]=create&aggregate[count]=*',
      { token: admin },
    );
    expect(logged.body.data[0].count['*']).toBeGreaterThanOrEqual(2);
  });

  it('imports CSV with its header row, typing cells by field', async () => {
    const csv = 'name,qty,done,info\n"with, comma",7,true,"{""k"":[1,2]}"\nempty,,false,\n';
    const res = await upload(csv, 'text/csv');
    expect(res.status).toBe(204);
    const all = await rows('ut_rows');
    expect(all.find((r) => r.name === 'with, comma')).toMatchObject({
      qty: 7,
      done: true,
      info: { k: [1, 2] },
    });
    expect(all.find((r) => r.name === 'empty')).toMatchObject({
      qty: null,
      done: false,
      info: null,
    });
  });

  it('imports nothing when one row is invalid', async () => {
    const before = await count('ut_rows');
    const res = await upload(
      JSON.stringify([{ name: 'fine' }, { name: 'x'.repeat(30) }]),
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('name');
    expect(await count('ut_rows')).toBe(before);
  });

  it('lists every refused row of a file, with its field and reason, and imports none', async () => {
    const before = await count('ut_rows');
    const csv = [
      'name,qty,done',
      'fine,1,true',
      'bad qty,lots,true',
      `${'x'.repeat(30)},3,false`,
      'fine too,4,false',
      'bad flag,5,perhaps',
    ].join('\n');
    const res = await upload(csv, 'text/csv');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FAILED_VALIDATION');
    expect(res.body.extensions.invalid_rows).toBe(3);
    const listed = res.body.extensions.rows as { row: number; field: string; message: string }[];
    expect(listed.map((r) => [r.row, r.field])).toEqual([
      [2, 'qty'],
      [3, 'name'],
      [5, 'done'],
    ]);
    expect(listed.every((r) => r.message.length > 0)).toBe(true);
    expect(res.body.error).toContain('row 2');
    expect(await count('ut_rows')).toBe(before);
  });

  it('names a column that is not a field of the collection', async () => {
    const res = await upload('name,nope\na,b\n', 'text/csv');
    expect(res.status).toBe(400);
    expect(res.body.extensions.rows).toEqual([
      { row: 1, field: 'nope', message: 'Is not a field of this collection' },
    ]);
  });

  it('runs filter hooks, and a throwing one leaves nothing imported', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    off.push(
      emitter().onFilter('ut_rows.items.create', (payload) => {
        if ((payload as { name?: string }).name === 'blocked') throw new Error('Not this one');
        return payload;
      }),
    );
    const before = await count('ut_rows');
    const res = await upload(
      JSON.stringify([{ name: 'ok' }, { name: 'blocked' }]),
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Not this one');
    expect(await count('ut_rows')).toBe(before);
  });

  it('refuses what is not a multipart upload of an array of objects', async () => {
    const plain = await app.request('/api/utils/import/ut_rows', {
      method: 'POST',
      token: admin,
      body: [{ name: 'x' }],
    });
    expect(plain.status).toBe(415);
    expect((await upload('{"name":"x"}', 'application/json')).status).toBe(400);
    expect((await upload('not json [', 'application/json')).status).toBe(400);
    expect((await upload('[]', 'application/json', admin, 'ut_nowhere')).status).toBe(403);
    const huge = await upload(`[${'"x",'.repeat(300_000)}"x"]`, 'application/json');
    expect(huge.status).toBe(413);
  });

  it('applies the caller’s create permission', async () => {
    const reader = await createTokenUser({
      permissions: [{ collection: 'ut_rows', action: 'read' }],
    });
    const res = await upload(JSON.stringify([{ name: 'x' }]), 'application/json', reader.token);
    expect(res.status).toBe(403);
    const anonymous = await upload('[]', 'application/json', '');
    expect(anonymous.status).toBe(401);
  });
});
