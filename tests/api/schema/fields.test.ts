import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser } from '../../helpers/token-users';

const app = setupTestApp();

const unique = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

async function call(path: string, method = 'GET', body?: unknown) {
  return app.request(path, { method, token: await app.adminToken(), body });
}

async function table(fields: unknown[] = []): Promise<string> {
  const name = unique('fl');
  const res = await call('/api/collections', 'POST', {
    collection: name,
    fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true } }, ...fields],
  });
  expect(res.status).toBe(201);
  return name;
}

async function insert(name: string, values: string) {
  await sql.raw(`insert into "${name}" ${values}`).execute(await db());
}

describe('GET /api/fields', () => {
  it('lists fields of every collection and caps them with ?limit', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    const all = await call('/api/fields');
    expect(all.status).toBe(200);
    expect(
      all.body.data.some(
        (f: { collection: string; field: string }) => f.collection === name && f.field === 'a',
      ),
    ).toBe(true);
    expect((await call('/api/fields?limit=3')).body.data).toHaveLength(3);
    expect((await call(`/api/fields/${name}?limit=1`)).body.data).toHaveLength(1);
    expect((await call('/api/fields?limit=abc')).status).toBe(400);
  });

  it('answers 404 for an unknown collection or field and 401 anonymous', async () => {
    const name = await table();
    expect((await call('/api/fields/nope_none')).status).toBe(404);
    const res = await call(`/api/fields/${name}/nope`);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await app.request('/api/fields')).status).toBe(401);
  });
});

describe('POST /api/fields/:collection', () => {
  it('adds a column with metadata, a unique column and an indexed column', async () => {
    const name = await table();
    const res = await call(`/api/fields/${name}`, 'POST', {
      field: 'slug',
      type: 'string',
      schema: { is_unique: true, max_length: 80 },
      meta: { interface: 'input', searchable: true, note: 'url part' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      collection: name,
      field: 'slug',
      type: 'string',
      schema: { is_unique: true, has_index: true, max_length: 80 },
      meta: { interface: 'input', searchable: true, note: 'url part' },
    });
    const indexed = await call(`/api/fields/${name}`, 'POST', {
      field: 'rank',
      type: 'integer',
      schema: { is_indexed: true },
    });
    expect(indexed.body.data.schema).toMatchObject({ has_index: true, is_unique: false });
    expect(indexed.body.data.meta).toBeNull();
    await insert(name, `(id, slug) values (1, 'a')`);
    await expect(insert(name, `(id, slug) values (2, 'a')`)).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('adds an alias field as a metadata row only', async () => {
    const name = await table();
    const res = await call(`/api/fields/${name}`, 'POST', {
      field: 'divider',
      type: 'alias',
      meta: { special: ['alias', 'no-data'], interface: 'presentation-divider' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'alias',
      schema: null,
      meta: { special: ['alias', 'no-data'] },
    });
    const cols = await call(`/api/collections/${name}/fields`);
    expect(cols.body.data.map((c: { field: string }) => c.field)).toEqual(['id']);
  });

  it('refuses duplicates, hostile names, bad alias and bad payloads', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    const dup = await call(`/api/fields/${name}`, 'POST', { field: 'a', type: 'string' });
    expect(dup.status).toBe(409);
    for (const field of ['x"; drop table daas_users; --', 'Upper', 'a'.repeat(64), "q'uote"]) {
      expect((await call(`/api/fields/${name}`, 'POST', { field, type: 'string' })).status).toBe(
        400,
      );
    }
    expect(
      (await call(`/api/fields/${name}`, 'POST', { field: 'al', type: 'alias', meta: {} })).status,
    ).toBe(400);
    expect(
      (await call(`/api/fields/${name}`, 'POST', { field: 'b', type: 'string', bogus: 1 })).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/fields/${name}`, 'POST', {
          field: 'b',
          type: 'boolean',
          schema: { has_auto_increment: true },
        })
      ).status,
    ).toBe(400);
    const cols = await call(`/api/collections/${name}/fields`);
    expect(cols.body.data.map((c: { field: string }) => c.field)).toEqual(['id', 'a']);
  });

  it('refuses a required column without default on a table with rows', async () => {
    const name = await table();
    await insert(name, '(id) values (1)');
    const res = await call(`/api/fields/${name}`, 'POST', {
      field: 'req',
      type: 'string',
      schema: { is_nullable: false },
    });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown collection, 403 for a system one and for a non-admin', async () => {
    expect(
      (await call('/api/fields/nope_coll', 'POST', { field: 'a', type: 'string' })).status,
    ).toBe(404);
    expect(
      (await call('/api/fields/daas_users', 'POST', { field: 'a', type: 'string' })).status,
    ).toBe(403);
    const name = await table();
    const user = await createTokenUser({ permissions: [{ collection: name, action: 'read' }] });
    const res = await app.request(`/api/fields/${name}`, {
      method: 'POST',
      token: user.token,
      body: { field: 'a', type: 'string' },
    });
    expect(res.status).toBe(403);
    expect((await app.request(`/api/fields/${name}`, { token: user.token })).status).toBe(200);
  });
});

describe('PATCH /api/fields/:collection/:field', () => {
  it('updates metadata only', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    const res = await call(`/api/fields/${name}/a`, 'PATCH', {
      meta: { note: 'hi', hidden: true, searchable: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.meta).toMatchObject({ note: 'hi', hidden: true, searchable: false });
  });

  it('converts the column type when the values allow it', async () => {
    const name = await table([{ field: 'n', type: 'string', schema: { default_value: '5' } }]);
    await insert(name, `(id, n) values (1, '12')`);
    const res = await call(`/api/fields/${name}/n`, 'PATCH', { type: 'integer' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'integer',
      schema: { data_type: 'integer', default_value: 5 },
    });
    const row = await sql<{ n: number }>`select n from ${sql.id(name)}`.execute(await db());
    expect(row.rows).toEqual([{ n: 12 }]);
  });

  it('refuses a conversion existing values fail, changing nothing', async () => {
    const name = await table([{ field: 'n', type: 'string' }]);
    await insert(name, `(id, n) values (1, 'abc')`);
    const res = await call(`/api/fields/${name}/n`, 'PATCH', {
      type: 'integer',
      meta: { note: 'not saved' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(
      'Cannot change field "n": existing values can\'t be converted',
    );
    const read = await call(`/api/fields/${name}/n`);
    expect(read.body.data).toMatchObject({ type: 'string', meta: null });
    const noCast = await call(`/api/fields/${name}/n`, 'PATCH', { type: 'boolean' });
    expect(noCast.status).toBe(400);
  });

  it('sets and drops a default', async () => {
    const name = await table([{ field: 's', type: 'string' }]);
    const set = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { default_value: 'x' } });
    expect(set.body.data.schema.default_value).toBe('x');
    const drop = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { default_value: null } });
    expect(drop.body.data.schema.default_value).toBeNull();
    const bad = await call(`/api/fields/${name}/s`, 'PATCH', {
      type: 'integer',
      schema: { default_value: 'now()' },
    });
    expect(bad.status).toBe(400);
  });

  it('sets NOT NULL only when no row holds null', async () => {
    const name = await table([{ field: 's', type: 'string' }]);
    await insert(name, '(id) values (1)');
    const refused = await call(`/api/fields/${name}/s`, 'PATCH', {
      schema: { is_nullable: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe('Field "s" has null values');
    await sql`update ${sql.id(name)} set s = 'v'`.execute(await db());
    const ok = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { is_nullable: false } });
    expect(ok.body.data.schema.is_nullable).toBe(false);
    const back = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { is_nullable: true } });
    expect(back.body.data.schema.is_nullable).toBe(true);
  });

  it('grows max_length and refuses to shrink below existing values', async () => {
    const name = await table([{ field: 's', type: 'string', schema: { max_length: 10 } }]);
    await insert(name, `(id, s) values (1, 'abcdefgh')`);
    const grow = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { max_length: 100 } });
    expect(grow.body.data.schema.max_length).toBe(100);
    const shrink = await call(`/api/fields/${name}/s`, 'PATCH', { schema: { max_length: 4 } });
    expect(shrink.status).toBe(400);
    const row = await sql<{ s: string }>`select s from ${sql.id(name)}`.execute(await db());
    expect(row.rows).toEqual([{ s: 'abcdefgh' }]);
  });

  it('adds and removes a unique index', async () => {
    const name = await table([{ field: 'u', type: 'integer' }]);
    const on = await call(`/api/fields/${name}/u`, 'PATCH', { schema: { is_unique: true } });
    expect(on.body.data.schema.is_unique).toBe(true);
    const off = await call(`/api/fields/${name}/u`, 'PATCH', { schema: { is_unique: false } });
    expect(off.body.data.schema.is_unique).toBe(false);
  });

  it('refuses unsupported changes with a reason', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    const pk = await call(`/api/fields/${name}/a`, 'PATCH', { schema: { is_primary_key: true } });
    expect(pk.status).toBe(400);
    expect(pk.body.errors[0].message).toContain('primary key');
    expect((await call(`/api/fields/${name}/a`, 'PATCH', { field: 'b' })).status).toBe(400);
    expect((await call(`/api/fields/${name}/id`, 'PATCH', { type: 'string' })).status).toBe(400);
  });

  it('answers 404 for an unknown field and 403 for a non-admin', async () => {
    const name = await table();
    expect((await call(`/api/fields/${name}/nope`, 'PATCH', { meta: { note: 'x' } })).status).toBe(
      404,
    );
    const user = await createTokenUser({ permissions: [{ collection: name, action: 'read' }] });
    const res = await app.request(`/api/fields/${name}/id`, {
      method: 'PATCH',
      token: user.token,
      body: { meta: { note: 'x' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/fields/:collection/:field', () => {
  it('refuses to delete the primary key', async () => {
    const name = await table();
    const res = await call(`/api/fields/${name}/id`, 'DELETE');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Cannot delete primary key',
      extensions: { code: 'INVALID_PAYLOAD' },
    });
  });

  it('drops the column, its metadata, its relation and the o2m alias on the other side', async () => {
    const parent = await table();
    const child = await table([
      { field: 'parent', type: 'integer', meta: { interface: 'select' } },
    ]);
    const d = await db();
    await d
      .insertInto('daas_fields')
      .values({ collection: parent, field: 'kids', special: JSON.stringify(['o2m']) })
      .execute();
    await d
      .insertInto('daas_relations')
      .values({
        many_collection: child,
        many_field: 'parent',
        one_collection: parent,
        one_field: 'kids',
      })
      .execute();
    (await import('@/lib/schema/overview')).invalidateSchema();
    expect((await call(`/api/fields/${parent}/kids`)).status).toBe(200);
    const res = await call(`/api/fields/${child}/parent`, 'DELETE');
    expect(res.status).toBe(204);
    expect((await call(`/api/fields/${child}/parent`)).status).toBe(404);
    expect((await call(`/api/fields/${parent}/kids`)).status).toBe(404);
    expect(
      await d
        .selectFrom('daas_relations')
        .selectAll()
        .where('many_collection', '=', child)
        .execute(),
    ).toEqual([]);
    expect(
      await d.selectFrom('daas_fields').selectAll().where('collection', '=', child).execute(),
    ).toEqual([]);
  });

  it('deletes an alias field as a metadata row and clears it from its relation', async () => {
    const parent = await table();
    const child = await table([{ field: 'parent', type: 'integer' }]);
    const d = await db();
    await d
      .insertInto('daas_fields')
      .values({ collection: parent, field: 'kids', special: JSON.stringify(['o2m']) })
      .execute();
    await d
      .insertInto('daas_relations')
      .values({
        many_collection: child,
        many_field: 'parent',
        one_collection: parent,
        one_field: 'kids',
      })
      .execute();
    (await import('@/lib/schema/overview')).invalidateSchema();
    expect((await call(`/api/fields/${parent}/kids`)).status).toBe(200);
    expect((await call(`/api/fields/${parent}/kids`, 'DELETE')).status).toBe(204);
    const rel = await d
      .selectFrom('daas_relations')
      .select('one_field')
      .where('many_collection', '=', child)
      .execute();
    expect(rel).toEqual([{ one_field: null }]);
  });

  it('refuses to drop a column a view depends on, keeping it', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    await sql`create view ${sql.id(`${name}_v`)} as select a from ${sql.id(name)}`.execute(
      await db(),
    );
    const res = await call(`/api/fields/${name}/a`, 'DELETE');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(
      'Cannot delete field "a": other database objects depend on it',
    );
    expect((await call(`/api/fields/${name}/a`)).status).toBe(200);
  });

  it('answers 404 unknown, 403 system and non-admin, 401 anonymous', async () => {
    const name = await table([{ field: 'a', type: 'string' }]);
    expect((await call(`/api/fields/${name}/nope`, 'DELETE')).status).toBe(404);
    expect((await call('/api/fields/daas_users/email', 'DELETE')).status).toBe(403);
    const user = await createTokenUser({ permissions: [{ collection: name, action: 'read' }] });
    expect(
      (await app.request(`/api/fields/${name}/a`, { method: 'DELETE', token: user.token })).status,
    ).toBe(403);
    expect((await app.request(`/api/fields/${name}/a`, { method: 'DELETE' })).status).toBe(401);
    expect((await call(`/api/fields/${name}/a`)).status).toBe(200);
  });
});
