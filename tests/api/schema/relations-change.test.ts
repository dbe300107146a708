import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { constraint, db, errorOf, exec, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

/** Parent and child tables joined through the API, with an o2m alias `children`. */
async function related() {
  const parent = uid('pp');
  const child = uid('pc');
  await exec(`create table ${parent} (id serial primary key)`);
  await exec(`create table ${child} (id serial primary key, parent integer)`);
  const res = await app.request('/api/relations', {
    method: 'POST',
    token: admin.token,
    body: {
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { one_field: 'children' },
    },
  });
  expect(res.status).toBe(201);
  return { parent, child };
}

describe('GET /api/relations', () => {
  it('lists a foreign key made with plain SQL, with null meta', async () => {
    const parent = uid('sp');
    const child = uid('sc');
    await exec(`create table ${parent} (id serial primary key)`);
    await exec(
      `create table ${child} (id serial primary key, owner integer constraint ${child}_fk references ${parent}(id) on delete cascade)`,
    );
    const res = await app.request('/api/relations', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({
      collection: child,
      field: 'owner',
      related_collection: parent,
      schema: {
        table: child,
        column: 'owner',
        foreign_key_table: parent,
        foreign_key_column: 'id',
        constraint_name: `${child}_fk`,
        on_update: 'NO ACTION',
        on_delete: 'CASCADE',
      },
      meta: null,
    });
  });

  it('caps the list with ?limit and refuses a non-numeric limit', async () => {
    await related();
    await related();
    const all = await app.request('/api/relations', { token: admin.token });
    expect(all.body.data.length).toBeGreaterThan(2);
    const one = await app.request('/api/relations?limit=1', { token: admin.token });
    expect(one.body.data).toHaveLength(1);
    const unlimited = await app.request('/api/relations?limit=-1', { token: admin.token });
    expect(unlimited.body.data).toHaveLength(all.body.data.length);
    const bad = await app.request('/api/relations?limit=many', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).extensions.code).toBe('INVALID_QUERY');
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await app.request('/api/relations');
    expect(res.status).toBe(401);
    expect(errorOf(res).extensions.code).toBe('UNAUTHENTICATED');
  });

  it('shows a non-admin only relations between collections it may read', async () => {
    const { parent, child } = await related();
    const hidden = await related();
    const reader = await createTokenUser({
      permissions: [
        { collection: parent, action: 'read' },
        { collection: child, action: 'read' },
      ],
    });
    const res = await app.request('/api/relations', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { collection: string }) => r.collection)).toEqual([child]);
    const one = await app.request(`/api/relations/${child}/parent`, { token: reader.token });
    expect(one.status).toBe(200);
    // Unreadable and unknown look the same.
    const other = await app.request(`/api/relations/${hidden.child}`, { token: reader.token });
    expect(other.status).toBe(404);
    expect(errorOf(other).message).toBe(`Collection "${hidden.child}" not found`);
    const none = await app.request('/api/relations', { token: member.token });
    expect(none.body.data).toEqual([]);
  });
});

describe('GET /api/relations/:collection[/:field]', () => {
  it('lists the relations whose many side is the collection', async () => {
    const { parent, child } = await related();
    const res = await app.request(`/api/relations/${child}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ collection: child, related_collection: parent });
    const fromParent = await app.request(`/api/relations/${parent}`, { token: admin.token });
    expect(fromParent.body.data).toEqual([]);
  });

  it('answers 404 for an unknown collection or a field without a relation', async () => {
    const { child } = await related();
    const collection = await app.request('/api/relations/rel_nowhere', { token: admin.token });
    expect(collection.status).toBe(404);
    expect(errorOf(collection)).toEqual({
      message: 'Collection "rel_nowhere" not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const field = await app.request(`/api/relations/${child}/id`, { token: admin.token });
    expect(field.status).toBe(404);
    const one = await app.request(`/api/relations/${child}/parent`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ collection: child, field: 'parent' });
  });
});

describe('PATCH /api/relations/:collection/:field', () => {
  it('changes on_delete by recreating the constraint and updates meta', async () => {
    const { child } = await related();
    const res = await app.request(`/api/relations/${child}/parent`, {
      method: 'PATCH',
      token: admin.token,
      body: { schema: { on_delete: 'CASCADE' }, meta: { one_deselect_action: 'delete' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      schema: { on_delete: 'CASCADE', on_update: 'NO ACTION' },
      meta: { one_deselect_action: 'delete', one_field: 'children' },
    });
    expect(await constraint(child)).toEqual([
      { conname: `${child}_parent_foreign`, confdeltype: 'c', confupdtype: 'a' },
    ]);
  });

  it('renames the o2m alias when one_field changes', async () => {
    const { parent, child } = await related();
    const res = await app.request(`/api/relations/${child}/parent`, {
      method: 'PATCH',
      token: admin.token,
      body: { meta: { one_field: 'kids' } },
    });
    expect(res.status).toBe(200);
    const aliases = await (
      await db()
    )
      .selectFrom('daas_fields')
      .select('field')
      .where('collection', '=', parent)
      .execute();
    expect(aliases).toEqual([{ field: 'kids' }]);
  });

  it('keeps the constraint when the change is refused', async () => {
    const { child } = await related();
    const res = await app.request(`/api/relations/${child}/parent`, {
      method: 'PATCH',
      token: admin.token,
      body: { schema: { on_delete: 'EXPLODE' } },
    });
    expect(res.status).toBe(400);
    const moved = await app.request(`/api/relations/${child}/parent`, {
      method: 'PATCH',
      token: admin.token,
      body: { related_collection: 'daas_users' },
    });
    expect(moved.status).toBe(400);
    expect(await constraint(child)).toEqual([
      { conname: `${child}_parent_foreign`, confdeltype: 'n', confupdtype: 'a' },
    ]);
  });

  it('answers 404 for an unknown relation and 403 to a non-admin', async () => {
    const { child } = await related();
    const missing = await app.request(`/api/relations/${child}/id`, {
      method: 'PATCH',
      token: admin.token,
      body: { schema: { on_delete: 'CASCADE' } },
    });
    expect(missing.status).toBe(404);
    const forbidden = await app.request(`/api/relations/${child}/parent`, {
      method: 'PATCH',
      token: member.token,
      body: { schema: { on_delete: 'CASCADE' } },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('DELETE /api/relations/:collection/:field', () => {
  it('drops the foreign key, the metadata row and the alias field, keeping the column', async () => {
    const { parent, child } = await related();
    const res = await app.request(`/api/relations/${child}/parent`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await constraint(child)).toEqual([]);
    const d = await db();
    const meta = await d
      .selectFrom('daas_relations')
      .select('id')
      .where('many_collection', '=', child)
      .execute();
    expect(meta).toEqual([]);
    const alias = await d
      .selectFrom('daas_fields')
      .select('id')
      .where('collection', '=', parent)
      .execute();
    expect(alias).toEqual([]);
    await exec(`insert into ${child} (parent) values (777)`);
    const again = await app.request(`/api/relations/${child}/parent`, { token: admin.token });
    expect(again.status).toBe(404);
  });

  it('answers 404 for an unknown relation, 403 to a non-admin and 401 anonymously', async () => {
    const { child } = await related();
    const missing = await app.request(`/api/relations/${child}/id`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const forbidden = await app.request(`/api/relations/${child}/parent`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(forbidden.status).toBe(403);
    const anonymous = await app.request(`/api/relations/${child}/parent`, { method: 'DELETE' });
    expect(anonymous.status).toBe(401);
    expect(await constraint(child)).toHaveLength(1);
  });
});
