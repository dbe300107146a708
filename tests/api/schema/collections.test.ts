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

async function tableExists(name: string): Promise<boolean> {
  const res = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_class where relname = ${name}`.execute(await db());
  return res.rows[0].n > 0;
}

async function create(body: unknown) {
  return app.request('/api/collections', {
    method: 'POST',
    token: await app.adminToken(),
    body,
  });
}

describe('POST /api/collections', () => {
  it('creates a table with a default integer identity key when no fields are given', async () => {
    const name = unique('c_plain');
    const res = await create({ collection: name, meta: { icon: 'box', note: 'hello' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      collection: name,
      type: 'table',
      system: false,
      schema: { name, schema: 'public' },
      meta: { collection: name, icon: 'box', note: 'hello', indexes: [] },
    });
    const id = await app.request(`/api/fields/${name}/id`, { token: await app.adminToken() });
    expect(id.body.data).toMatchObject({
      type: 'integer',
      schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
      meta: { hidden: true, readonly: true },
    });
  });

  it('creates the given fields and a metadata row only for fields with meta', async () => {
    const name = unique('c_fields');
    const res = await create({
      collection: name,
      schema: {},
      fields: [
        { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 20 } },
        { field: 'title', type: 'string', meta: { interface: 'input', required: true } },
        { field: 'body', type: 'text' },
      ],
    });
    expect(res.status).toBe(201);
    const rows = await (
      await db()
    )
      .selectFrom('daas_fields')
      .select(['field', 'interface', 'required'])
      .where('collection', '=', name)
      .execute();
    expect(rows).toEqual([{ field: 'title', interface: 'input', required: true }]);
    const fields = await app.request(`/api/fields/${name}`, { token: await app.adminToken() });
    expect(fields.body.data.map((f: { field: string }) => f.field)).toEqual([
      'code',
      'title',
      'body',
    ]);
    expect(fields.body.data[0].schema).toMatchObject({ is_primary_key: true, max_length: 20 });
  });

  it('creates a virtual folder with no table when schema is null', async () => {
    const name = unique('c_folder');
    const res = await create({ collection: name, schema: null, meta: { icon: 'folder' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      collection: name,
      schema: null,
      meta: { icon: 'folder' },
    });
    expect(await tableExists(name)).toBe(false);
  });

  it('answers 409 for an existing collection', async () => {
    const name = unique('c_dup');
    expect((await create({ collection: name })).status).toBe(201);
    const res = await create({ collection: name });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({
      message: `Collection "${name}" already exists`,
      extensions: { code: 'RECORD_NOT_UNIQUE' },
    });
  });

  it.each([
    ['x; drop table daas_users', 'x; drop table daas_users'],
    ['a quote', 'bad"name'],
    ['a single quote', "bad'name"],
    ['64 characters', 'a'.repeat(64)],
    ['uppercase', 'Articles'],
    ['the daas_ prefix', 'daas_things'],
    ['the directus_ prefix', 'directus_things'],
    ['the xtr_ prefix', 'xtr_things'],
  ])('refuses a name with %s with 400 and creates nothing', async (_label, name) => {
    const before = await (await db()).selectFrom('daas_collections').select('collection').execute();
    const res = await create({ collection: name });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    expect(await tableExists(name)).toBe(false);
    const after = await (await db()).selectFrom('daas_collections').select('collection').execute();
    expect(after).toEqual(before);
  });

  it('refuses a hostile field name and rolls everything back', async () => {
    const name = unique('c_badfield');
    const res = await create({
      collection: name,
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true } },
        { field: 'x"; drop table daas_users; --', type: 'string' },
      ],
    });
    expect(res.status).toBe(400);
    expect(await tableExists(name)).toBe(false);
    expect(await tableExists('daas_users')).toBe(true);
  });

  it('rolls back the table when a later step fails', async () => {
    const name = unique('c_rollback');
    const res = await create({
      collection: name,
      fields: [{ field: 'a', type: 'integer' }],
      meta: { indexes: [{ fields: ['a', 'missing'], unique: true }] },
    });
    expect(res.status).toBe(400);
    expect(await tableExists(name)).toBe(false);
    expect(
      await (
        await db()
      )
        .selectFrom('daas_collections')
        .where('collection', '=', name)
        .select('collection')
        .execute(),
    ).toEqual([]);
  });

  it('refuses unknown body keys, unknown types and two primary keys', async () => {
    expect((await create({ collection: unique('c_k'), extra: 1 })).status).toBe(400);
    expect(
      (await create({ collection: unique('c_t'), fields: [{ field: 'a', type: 'money' }] })).status,
    ).toBe(400);
    const two = await create({
      collection: unique('c_pk'),
      fields: [
        { field: 'a', type: 'integer', schema: { is_primary_key: true } },
        { field: 'b', type: 'uuid', schema: { is_primary_key: true } },
      ],
    });
    expect(two.status).toBe(400);
  });

  it('answers 401 without credentials and 403 for a non-admin', async () => {
    expect(
      (await app.request('/api/collections', { method: 'POST', body: { collection: 'x_anon' } }))
        .status,
    ).toBe(401);
    const user = await createTokenUser();
    const res = await app.request('/api/collections', {
      method: 'POST',
      token: user.token,
      body: { collection: 'x_user' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await tableExists('x_user')).toBe(false);
  });
});

describe('GET /api/collections', () => {
  it('lists a table made with plain SQL, views as type view, and system collections', async () => {
    const name = unique('c_sql');
    await sql`create table ${sql.id(name)} (id serial primary key, label text)`.execute(await db());
    await sql`create view ${sql.id(`${name}_v`)} as select id from ${sql.id(name)}`.execute(
      await db(),
    );
    const { invalidateSchema } = await import('@/lib/schema/overview');
    invalidateSchema();
    const res = await app.request('/api/collections', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.data.map((c: { collection: string }) => [c.collection, c]));
    expect(byName.get(name)).toMatchObject({ type: 'table', meta: null, system: false });
    expect(byName.get(`${name}_v`)).toMatchObject({ type: 'view' });
    expect(byName.get('daas_users')).toMatchObject({ system: true });
    const fields = await app.request(`/api/fields/${name}`, { token: await app.adminToken() });
    expect(fields.body.data.map((f: { field: string }) => f.field)).toEqual(['id', 'label']);
  });

  it('shows a non-admin only the collections one of their policies may read', async () => {
    const readable = unique('c_read');
    const hidden = unique('c_hidden');
    await create({ collection: readable });
    await create({ collection: hidden });
    const user = await createTokenUser({ permissions: [{ collection: readable, action: 'read' }] });
    const res = await app.request('/api/collections', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { collection: string }) => c.collection)).toEqual([readable]);
    expect((await app.request(`/api/collections/${readable}`, { token: user.token })).status).toBe(
      200,
    );
    expect((await app.request(`/api/collections/${hidden}`, { token: user.token })).status).toBe(
      404,
    );
    expect((await app.request(`/api/fields/${hidden}`, { token: user.token })).status).toBe(404);
    const all = await app.request('/api/fields', { token: user.token });
    expect(new Set(all.body.data.map((f: { collection: string }) => f.collection))).toEqual(
      new Set([readable]),
    );
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/collections');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/collections/:name', () => {
  it('answers 404 NOT_FOUND for an unknown collection', async () => {
    const res = await app.request('/api/collections/nope_nothing', {
      token: await app.adminToken(),
    });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Collection "nope_nothing" doesn\'t exist',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});

describe('GET /api/collections/:name/fields', () => {
  it('lists raw columns with display names, defaults and keys', async () => {
    const name = unique('c_raw');
    await create({
      collection: name,
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'date_created', type: 'timestamp', schema: { default_value: 'now()' } },
        { field: 'status', type: 'string', schema: { is_nullable: false, default_value: 'draft' } },
      ],
    });
    const res = await app.request(`/api/collections/${name}/fields`, {
      token: await app.adminToken(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        field: 'id',
        name: 'ID',
        type: 'integer',
        nullable: false,
        default_value: null,
        is_primary_key: true,
        schema: 'public',
        table: name,
      },
      {
        field: 'date_created',
        name: 'Date Created',
        type: 'timestamp',
        nullable: true,
        default_value: 'now()',
        is_primary_key: false,
        schema: 'public',
        table: name,
      },
      {
        field: 'status',
        name: 'Status',
        type: 'string',
        nullable: false,
        default_value: 'draft',
        is_primary_key: false,
        schema: 'public',
        table: name,
      },
    ]);
    expect(
      (await app.request('/api/collections/nope_x/fields', { token: await app.adminToken() }))
        .status,
    ).toBe(404);
  });
});
