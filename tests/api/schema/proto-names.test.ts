import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

const app = setupTestApp();
let admin: string;
const RESERVED = ['__proto__', 'constructor', 'prototype', '__meta'];

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

async function tableExists(name: string): Promise<boolean> {
  const res = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_class where relname = ${name}`.execute(await db());
  return res.rows[0].n > 0;
}

const post = (path: string, body: unknown) =>
  app.request(path, { method: 'POST', token: admin, body });

function expectReserved(res: { status: number; body: any }): void {
  expect(res.status).toBe(400);
  expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  expect(res.body.errors[0].message).toMatch(/is reserved/);
}

beforeAll(async () => {
  admin = await app.adminToken();
  expect((await post('/api/collections', { collection: 'proto_host' })).status).toBe(201);
  expect((await post('/api/collections', { collection: 'proto_target' })).status).toBe(201);
  expect((await post('/api/fields/proto_host', { field: 'target', type: 'integer' })).status).toBe(
    201,
  );
});

describe('JavaScript object names as schema names', () => {
  it('refuses them as collection names, creating nothing', async () => {
    for (const name of RESERVED) {
      expectReserved(await post('/api/collections', { collection: name }));
      expect(await tableExists(name)).toBe(false);
    }
  });

  it('refuses them as field names', async () => {
    for (const name of RESERVED) {
      expectReserved(await post('/api/fields/proto_host', { field: name, type: 'string' }));
    }
    const fields = await app.request('/api/fields/proto_host', { token: admin });
    expect(fields.body.data.map((f: { field: string }) => f.field).sort()).toEqual([
      'id',
      'target',
    ]);
  });

  it('refuses them as the alias field of a relation', async () => {
    const res = await post('/api/relations', {
      collection: 'proto_host',
      field: 'target',
      related_collection: 'proto_target',
      meta: { one_field: '__proto__' },
    });
    expectReserved(res);
  });

  it('answers 404 for them as unknown collections, never 500', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const path of [
        `/api/collections/${name}`,
        `/api/fields/${name}`,
        `/api/fields/proto_host/${name}`,
        `/api/items/${name}`,
      ]) {
        const res = await app.request(path, { token: admin });
        expect(res.status, path).toBe(404);
      }
    }
  });

  it('answers 400 for them as unknown fields of a read, never 500', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      for (const query of [
        `fields=${name}`,
        `fields=${name}.id`,
        `sort=${name}`,
        `filter[${name}][_eq]=1`,
        `filter={"${name}":{"_eq":1}}`,
        `groupBy=${name}&aggregate[count]=*`,
        `aggregate[count]=${name}`,
        `alias[x]=${name}&fields=x`,
      ]) {
        const res = await app.request(`/api/items/proto_host?${query}`, { token: admin });
        expect(res.status, query).toBe(400);
      }
    }
  });

  it('lists and reads a table made outside the API under such names', async () => {
    await sql`create table "constructor" (id serial primary key, "__proto__" text)`.execute(
      await db(),
    );
    await sql`insert into "constructor" ("__proto__") values ('kept')`.execute(await db());
    const { invalidateSchema } = await import('@/lib/schema/overview');
    invalidateSchema();
    const list = await app.request('/api/collections', { token: admin });
    expect(list.body.data.map((c: { collection: string }) => c.collection)).toContain(
      'constructor',
    );
    const items = await app.request('/api/items/constructor', { token: admin });
    expect(items.status).toBe(200);
    expect(JSON.parse(items.text).data).toEqual([JSON.parse('{"id":1,"__proto__":"kept"}')]);
  });
});

describe('prototype keys in a request', () => {
  it('answers 400 for a __proto__ key in a JSON body, query parameter or JSON query parameter', async () => {
    const body = await app.request('/api/items/proto_host', {
      method: 'POST',
      token: admin,
      rawBody: '{"target": 1, "__proto__": {"id": 5}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe(`"__proto__" can't be used as a key`);
    for (const query of ['__proto__=1&__proto__=2', 'filter={"__proto__":{"id":{"_eq":1}}}']) {
      const res = await app.request(`/api/items/proto_host?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
    }
  });
});
