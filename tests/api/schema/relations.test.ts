import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { constraint, db, errorOf, exec, parentChild, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

const post = (body: unknown, token = admin.token) =>
  app.request('/api/relations', { method: 'POST', body, token });

describe('POST /api/relations (many-to-one)', () => {
  it('creates a real foreign key with the given rules, enforced by the database', async () => {
    const { parent, child } = await parentChild();
    const res = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      schema: { on_delete: 'CASCADE', on_update: 'RESTRICT' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      collection: child,
      field: 'parent',
      related_collection: parent,
      schema: {
        table: child,
        column: 'parent',
        foreign_key_table: parent,
        foreign_key_column: 'id',
        constraint_name: `${child}_parent_foreign`,
        on_delete: 'CASCADE',
        on_update: 'RESTRICT',
      },
      meta: {
        many_collection: child,
        many_field: 'parent',
        one_collection: parent,
        one_field: null,
      },
    });
    expect(await constraint(child)).toEqual([
      { conname: `${child}_parent_foreign`, confdeltype: 'c', confupdtype: 'r' },
    ]);
    await expect(exec(`insert into ${child} (parent) values (4242)`)).rejects.toThrow();
    await exec(`insert into ${parent} (id, name) values (1, 'a')`);
    await exec(`insert into ${child} (parent) values (1)`);
    await exec(`delete from ${parent} where id = 1`);
    const left = await sql.raw(`select count(*)::int as n from ${child}`).execute(await db());
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('defaults on_delete to SET NULL for a nullable column and NO ACTION otherwise', async () => {
    const nullable = await parentChild();
    const required = await parentChild('parent integer not null');
    const a = await post({
      collection: nullable.child,
      field: 'parent',
      related_collection: nullable.parent,
    });
    const b = await post({
      collection: required.child,
      field: 'parent',
      related_collection: required.parent,
    });
    expect(a.body.data.schema).toMatchObject({ on_delete: 'SET NULL', on_update: 'NO ACTION' });
    expect(b.body.data.schema).toMatchObject({ on_delete: 'NO ACTION', on_update: 'NO ACTION' });
  });

  it('stores the metadata row with the given meta', async () => {
    const { parent, child } = await parentChild();
    await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { one_deselect_action: 'delete', sort_field: 'title' },
    });
    const row = await (
      await db()
    )
      .selectFrom('daas_relations')
      .selectAll()
      .where('many_collection', '=', child)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      many_field: 'parent',
      one_collection: parent,
      one_deselect_action: 'delete',
      sort_field: 'title',
    });
  });

  it('answers 409 when the field already has a relation', async () => {
    const { parent, child } = await parentChild();
    await post({ collection: child, field: 'parent', related_collection: parent });
    const res = await post({ collection: child, field: 'parent', related_collection: parent });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toBe(
      `Field "parent" in collection "${child}" already has a relation`,
    );
  });

  it('answers 409 to the second of two simultaneous requests for one relation', async () => {
    const { parent, child } = await parentChild();
    const body = { collection: child, field: 'parent', related_collection: parent };
    const results = await Promise.all([post(body), post(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await constraint(child)).toHaveLength(1);
  });

  it('answers 400 naming the unknown collection, field or related collection', async () => {
    const { parent, child } = await parentChild();
    const cases = [
      [
        { collection: 'rx_missing', field: 'parent', related_collection: parent },
        'Collection "rx_missing" doesn\'t exist',
        'collection',
      ],
      [
        { collection: child, field: 'nope', related_collection: parent },
        `Field "nope" doesn't exist in collection "${child}"`,
        'field',
      ],
      [
        { collection: child, field: 'parent', related_collection: 'rx_gone' },
        'Collection "rx_gone" doesn\'t exist',
        'related_collection',
      ],
      [
        { collection: '__proto__', field: 'parent', related_collection: parent },
        'Collection "__proto__" doesn\'t exist',
        'collection',
      ],
    ] as const;
    for (const [body, message, field] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toBe(message);
      expect(errorOf(res).extensions).toMatchObject({
        code: 'INVALID_PAYLOAD',
        field,
        type: 'not_found',
      });
    }
    expect(await constraint(child)).toEqual([]);
  });

  it('answers 400 when related_collection is missing or null, and creates nothing', async () => {
    const { child } = await parentChild();
    for (const body of [
      { collection: child, field: 'parent' },
      { collection: child, field: 'parent', related_collection: null },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(errorOf(res).extensions.code).toBe('INVALID_PAYLOAD');
    }
    const missing = await post({ collection: child, field: 'parent' });
    expect(errorOf(missing).message).toContain('"related_collection" is required');
    const read = await app.request(`/api/relations/${child}/parent`, { token: admin.token });
    expect(read.status).toBe(404);
    const rows = await (
      await db()
    )
      .selectFrom('daas_relations')
      .select('id')
      .where('many_collection', '=', child)
      .execute();
    expect(rows).toEqual([]);
    expect(await constraint(child)).toEqual([]);
  });

  it('answers 400 when the column type does not match the related primary key', async () => {
    const { parent, child } = await parentChild('parent uuid');
    const res = await post({ collection: child, field: 'parent', related_collection: parent });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('the types must match');
  });

  it('answers 400 when the related collection has no primary key', async () => {
    const parent = uid('rnopk');
    const { child } = await parentChild();
    await exec(`create table ${parent} (id integer)`);
    const res = await post({ collection: child, field: 'parent', related_collection: parent });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(`Collection "${parent}" has no primary key to reference`);
  });

  it('answers 400 for SET NULL on a required column, an unknown rule, an unknown key and a missing collection', async () => {
    const { parent, child } = await parentChild('parent integer not null');
    const setNull = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      schema: { on_delete: 'SET NULL' },
    });
    expect(setNull.status).toBe(400);
    expect(errorOf(setNull).message).toContain('to be nullable');
    const injected = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      schema: { on_delete: 'CASCADE; drop table daas_users' },
    });
    expect(injected.status).toBe(400);
    const unknownKey = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      extra: 1,
    });
    expect(unknownKey.status).toBe(400);
    expect(errorOf(unknownKey).message).toContain('"extra"');
    const missing = await post({ field: 'parent' });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toContain('"collection" is required');
    expect(await constraint(child)).toEqual([]);
  });

  it('refuses a system collection as the many side', async () => {
    const res = await post({
      collection: 'daas_users',
      field: 'role',
      related_collection: 'daas_roles',
    });
    expect(res.status).toBe(400);
  });

  it('answers 403 to a non-admin and 401 to an anonymous caller', async () => {
    const { parent, child } = await parentChild();
    const forbidden = await post(
      { collection: child, field: 'parent', related_collection: parent },
      member.token,
    );
    expect(forbidden.status).toBe(403);
    expect(errorOf(forbidden).extensions.code).toBe('FORBIDDEN');
    const anonymous = await app.request('/api/relations', {
      method: 'POST',
      body: { collection: child, field: 'parent', related_collection: parent },
    });
    expect(anonymous.status).toBe(401);
    expect(await constraint(child)).toEqual([]);
  });
});
