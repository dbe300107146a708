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

async function call(path: string, method: string, body?: unknown) {
  return app.request(path, { method, token: await app.adminToken(), body });
}

async function createTable(name: string, fields: unknown[] = []) {
  const res = await call('/api/collections', 'POST', {
    collection: name,
    fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true } }, ...fields],
  });
  expect(res.status).toBe(201);
}

describe('PATCH /api/collections/:name', () => {
  it('updates metadata and keeps what was not sent', async () => {
    const name = unique('u_meta');
    await createTable(name);
    const res = await call(`/api/collections/${name}`, 'PATCH', {
      meta: { note: 'n1', hidden: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.meta).toMatchObject({ note: 'n1', hidden: true });
    const again = await call(`/api/collections/${name}`, 'PATCH', { meta: { icon: 'star' } });
    expect(again.body.data.meta).toMatchObject({ note: 'n1', hidden: true, icon: 'star' });
  });

  it('sets the table comment and refuses schema changes on a view', async () => {
    const name = unique('u_comment');
    await createTable(name);
    const res = await call(`/api/collections/${name}`, 'PATCH', {
      schema: { comment: "it's mine" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.schema).toMatchObject({ name, comment: "it's mine" });
    await sql`create view ${sql.id(`${name}_v`)} as select id from ${sql.id(name)}`.execute(
      await db(),
    );
    (await import('@/lib/schema/overview')).invalidateSchema();
    const view = await call(`/api/collections/${name}_v`, 'PATCH', { schema: { comment: 'x' } });
    expect(view.status).toBe(400);
    const viewMeta = await call(`/api/collections/${name}_v`, 'PATCH', { meta: { note: 'ok' } });
    expect(viewMeta.status).toBe(200);
    expect(viewMeta.body.data).toMatchObject({ type: 'view', meta: { note: 'ok' } });
  });

  it('creates, enforces, introspects and drops a multi-column unique index from meta.indexes', async () => {
    const name = unique('u_idx');
    await createTable(name, [
      { field: 'a', type: 'integer' },
      { field: 'b', type: 'string' },
    ]);
    const res = await call(`/api/collections/${name}`, 'PATCH', {
      meta: { indexes: [{ fields: ['a', 'b'], unique: true }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.meta.indexes).toEqual([
      { name: `${name}_a_b_unique`, fields: ['a', 'b'], unique: true },
    ]);
    const d = await db();
    await sql`insert into ${sql.id(name)} (id, a, b) values (1, 1, 'x')`.execute(d);
    await expect(
      sql`insert into ${sql.id(name)} (id, a, b) values (2, 1, 'x')`.execute(d),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await sql`insert into ${sql.id(name)} (id, a, b) values (3, 1, 'y')`.execute(d);

    const read = await call(`/api/collections/${name}`, 'GET');
    expect(read.body.data.meta.indexes).toEqual([
      { name: `${name}_a_b_unique`, fields: ['a', 'b'], unique: true },
    ]);

    const dropped = await call(`/api/collections/${name}`, 'PATCH', { meta: { indexes: [] } });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data.meta.indexes).toEqual([]);
    await sql`insert into ${sql.id(name)} (id, a, b) values (4, 1, 'x')`.execute(d);
  });

  it('refuses a unique index the existing rows violate, leaving nothing behind', async () => {
    const name = unique('u_dupe');
    await createTable(name, [
      { field: 'a', type: 'integer' },
      { field: 'b', type: 'integer' },
    ]);
    await sql`insert into ${sql.id(name)} (id, a, b) values (1, 1, 1), (2, 1, 1)`.execute(
      await db(),
    );
    const res = await call(`/api/collections/${name}`, 'PATCH', {
      meta: { note: 'not saved', indexes: [{ fields: ['a', 'b'], unique: true }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('duplicate values');
    const read = await call(`/api/collections/${name}`, 'GET');
    expect(read.body.data.meta.note).toBeNull();
    expect(read.body.data.meta.indexes).toEqual([]);
  });

  it('refuses an index on an unknown field or a hostile name with 400', async () => {
    const name = unique('u_bad');
    await createTable(name, [{ field: 'a', type: 'integer' }]);
    const unknown = await call(`/api/collections/${name}`, 'PATCH', {
      meta: { indexes: [{ fields: ['a', 'nope'] }] },
    });
    expect(unknown.status).toBe(400);
    const hostile = await call(`/api/collections/${name}`, 'PATCH', {
      meta: { indexes: [{ fields: ['a', 'id'], name: 'x"; drop table daas_users; --' }] },
    });
    expect(hostile.status).toBe(400);
    expect(await tableExists('daas_users')).toBe(true);
  });

  it('answers 404 for an unknown collection, 403 for a system one and for a non-admin', async () => {
    expect(
      (await call('/api/collections/nope_none', 'PATCH', { meta: { note: 'x' } })).status,
    ).toBe(404);
    expect(
      (await call('/api/collections/daas_users', 'PATCH', { meta: { note: 'x' } })).status,
    ).toBe(403);
    const name = unique('u_na');
    await createTable(name);
    const user = await createTokenUser({ permissions: [{ collection: name, action: 'read' }] });
    const res = await app.request(`/api/collections/${name}`, {
      method: 'PATCH',
      token: user.token,
      body: { meta: { note: 'x' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('PATCH /api/collections', () => {
  it('updates several collections in one request', async () => {
    const a = unique('u_ba');
    const b = unique('u_bb');
    await createTable(a);
    await createTable(b);
    const res = await call('/api/collections', 'PATCH', [
      { collection: a, meta: { sort: 2 } },
      { collection: b, meta: { sort: 1, group: null } },
    ]);
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((c: { collection: string; meta: { sort: number } }) => [
        c.collection,
        c.meta.sort,
      ]),
    ).toEqual([
      [a, 2],
      [b, 1],
    ]);
  });

  it('changes nothing when one entry is unknown', async () => {
    const a = unique('u_bc');
    await createTable(a);
    const res = await call('/api/collections', 'PATCH', [
      { collection: a, meta: { sort: 7 } },
      { collection: 'nope_missing', meta: { sort: 1 } },
    ]);
    expect(res.status).toBe(404);
    expect((await call(`/api/collections/${a}`, 'GET')).body.data.meta.sort).toBeNull();
  });
});

describe('DELETE /api/collections/:name', () => {
  it('drops the table with its field, relation and permission rows and o2m aliases elsewhere', async () => {
    const parent = unique('d_parent');
    const child = unique('d_child');
    await createTable(parent);
    await createTable(child, [{ field: 'parent', type: 'integer', meta: { interface: 'select' } }]);
    const d = await db();
    await sql`alter table ${sql.id(child)} add foreign key (parent) references ${sql.id(parent)} (id)`.execute(
      d,
    );
    await d
      .insertInto('daas_fields')
      .values({ collection: parent, field: 'children', special: JSON.stringify(['o2m']) })
      .execute();
    await d
      .insertInto('daas_relations')
      .values({
        many_collection: child,
        many_field: 'parent',
        one_collection: parent,
        one_field: 'children',
      })
      .execute();
    const user = await createTokenUser({ permissions: [{ collection: child, action: 'read' }] });

    const res = await call(`/api/collections/${child}`, 'DELETE');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await tableExists(child)).toBe(false);
    const count = async (query: { execute(): Promise<unknown[]> }) =>
      (await query.execute()).length;
    expect(
      await count(d.selectFrom('daas_fields').selectAll().where('collection', '=', child)),
    ).toBe(0);
    expect(
      await count(d.selectFrom('daas_fields').selectAll().where('collection', '=', parent)),
    ).toBe(0);
    expect(
      await count(d.selectFrom('daas_relations').selectAll().where('many_collection', '=', child)),
    ).toBe(0);
    expect(
      await count(d.selectFrom('daas_permissions').selectAll().where('policy', '=', user.policy)),
    ).toBe(0);
    expect((await call(`/api/collections/${child}`, 'GET')).status).toBe(404);
    const parentFields = await call(`/api/fields/${parent}`, 'GET');
    expect(parentFields.body.data.map((f: { field: string }) => f.field)).toEqual(['id']);
  });

  it('deletes a folder and ungroups its members', async () => {
    const folder = unique('d_folder');
    const member = unique('d_member');
    await call('/api/collections', 'POST', { collection: folder, schema: null });
    await call('/api/collections', 'POST', { collection: member, meta: { group: folder } });
    expect((await call(`/api/collections/${folder}`, 'DELETE')).status).toBe(204);
    expect((await call(`/api/collections/${member}`, 'GET')).body.data.meta.group).toBeNull();
  });

  it('answers 404 for unknown, 403 for system, 400 for a view and 403 for a non-admin', async () => {
    expect((await call('/api/collections/nope_gone', 'DELETE')).status).toBe(404);
    expect((await call('/api/collections/daas_users', 'DELETE')).status).toBe(403);
    expect(await tableExists('daas_users')).toBe(true);
    const name = unique('d_base');
    await createTable(name);
    await sql`create view ${sql.id(`${name}_v`)} as select id from ${sql.id(name)}`.execute(
      await db(),
    );
    (await import('@/lib/schema/overview')).invalidateSchema();
    const view = await call(`/api/collections/${name}_v`, 'DELETE');
    expect(view.status).toBe(400);
    const user = await createTokenUser({ permissions: [{ collection: name, action: 'read' }] });
    expect(
      (await app.request(`/api/collections/${name}`, { method: 'DELETE', token: user.token }))
        .status,
    ).toBe(403);
    expect((await app.request(`/api/collections/${name}`, { method: 'DELETE' })).status).toBe(401);
    expect(await tableExists(name)).toBe(true);
  });
});
