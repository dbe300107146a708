import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let member: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  member = await createTokenUser();
});

const uid = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

/** Plain SQL for setting up tables, then the cached overview dropped as any schema change does. */
async function exec(text: string): Promise<void> {
  await sql.raw(text).execute(await db());
  (await import('@/lib/schema/overview')).invalidateSchema();
}

/** A parent table with an integer key and a child table with a nullable `parent` column. */
async function parentChild(childColumn = 'parent integer') {
  const parent = uid('rp');
  const child = uid('rc');
  await exec(`create table ${parent} (id serial primary key, name text)`);
  await exec(`create table ${child} (id serial primary key, ${childColumn}, title text)`);
  return { parent, child };
}

async function constraint(table: string) {
  const res = await sql<{ conname: string; confdeltype: string; confupdtype: string }>`
    select conname, confdeltype, confupdtype from pg_constraint
    where contype = 'f' and conrelid = ${table}::regclass`.execute(await db());
  return res.rows;
}

const post = (body: unknown, token = admin.token) =>
  app.request('/api/relations', { method: 'POST', body, token });

const errorOf = (res: { body: { errors: { message: string; extensions: { code: string } }[] } }) =>
  res.body.errors[0];

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

  it('answers 400 naming the unknown collection, field or related collection', async () => {
    const { parent, child } = await parentChild();
    const cases = [
      [
        { collection: 'rx_missing', field: 'parent', related_collection: parent },
        'Collection "rx_missing" doesn\'t exist',
      ],
      [
        { collection: child, field: 'nope', related_collection: parent },
        `Field "nope" doesn't exist in collection "${child}"`,
      ],
      [
        { collection: child, field: 'parent', related_collection: 'rx_gone' },
        'Collection "rx_gone" doesn\'t exist',
      ],
      [
        { collection: '__proto__', field: 'parent', related_collection: parent },
        'Collection "__proto__" doesn\'t exist',
      ],
    ] as const;
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toEqual({ message, extensions: { code: 'INVALID_PAYLOAD' } });
    }
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

describe('one-to-many and many-to-many', () => {
  it('creates the o2m alias field on the related collection', async () => {
    const { parent, child } = await parentChild();
    const res = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { one_field: 'children' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.meta.one_field).toBe('children');
    const alias = await (
      await db()
    )
      .selectFrom('daas_fields')
      .selectAll()
      .where('collection', '=', parent)
      .where('field', '=', 'children')
      .executeTakeFirstOrThrow();
    expect(alias).toMatchObject({ special: ['o2m'], interface: 'list-o2m' });
  });

  it('answers 400 when one_field names an existing column', async () => {
    const { parent, child } = await parentChild();
    const res = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { one_field: 'name' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain(`Field "name" already exists in collection "${parent}"`);
  });

  it('builds a many-to-many as the Directus studio does: junction table, alias field, two relations', async () => {
    const articles = uid('art');
    const tags = uid('tag');
    const junction = `${articles}_tags`;
    await exec(`create table ${articles} (id serial primary key, title text)`);
    await exec(`create table ${tags} (id uuid primary key default gen_random_uuid(), name text)`);
    await exec(
      `create table ${junction} (id serial primary key, ${articles}_id integer, ${tags}_id uuid)`,
    );
    await (
      await db()
    )
      .insertInto('daas_fields')
      .values({
        collection: articles,
        field: 'tags',
        special: JSON.stringify(['m2m']),
        interface: 'list-m2m',
      })
      .execute();
    const first = await post({
      collection: junction,
      field: `${articles}_id`,
      related_collection: articles,
      meta: {
        one_field: 'tags',
        junction_field: `${tags}_id`,
        sort_field: null,
        one_deselect_action: 'nullify',
      },
      schema: { on_delete: 'SET NULL' },
    });
    const second = await post({
      collection: junction,
      field: `${tags}_id`,
      related_collection: tags,
      meta: {
        one_field: null,
        junction_field: `${articles}_id`,
        sort_field: null,
        one_deselect_action: 'nullify',
      },
      schema: { on_delete: 'SET NULL' },
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);

    const list = await app.request(`/api/relations/${junction}`, { token: admin.token });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: `${articles}_id`,
          related_collection: articles,
          meta: expect.objectContaining({ one_field: 'tags', junction_field: `${tags}_id` }),
        }),
        expect.objectContaining({
          field: `${tags}_id`,
          related_collection: tags,
          meta: expect.objectContaining({ one_field: null, junction_field: `${articles}_id` }),
        }),
      ]),
    );
    const { getSchema } = await import('@/lib/schema/overview');
    const schema = await getSchema(await db());
    expect(schema.collections[articles].fields.tags).toMatchObject({
      type: 'alias',
      meta: { special: ['m2m'], interface: 'list-m2m' },
    });
    expect((await constraint(junction)).map((c) => c.conname).sort()).toEqual(
      [`${junction}_${articles}_id_foreign`, `${junction}_${tags}_id_foreign`].sort(),
    );
  });

  it('creates the m2m alias itself when the junction relation names one', async () => {
    const a = uid('ma');
    const b = uid('mb');
    const j = uid('mj');
    await exec(`create table ${a} (id serial primary key)`);
    await exec(`create table ${b} (id serial primary key)`);
    await exec(`create table ${j} (id serial primary key, a_id integer, b_id integer)`);
    await post({
      collection: j,
      field: 'a_id',
      related_collection: a,
      meta: { one_field: 'bs', junction_field: 'b_id' },
    });
    const alias = await (
      await db()
    )
      .selectFrom('daas_fields')
      .select(['special', 'interface'])
      .where('collection', '=', a)
      .where('field', '=', 'bs')
      .executeTakeFirstOrThrow();
    expect(alias).toEqual({ special: ['m2m'], interface: 'list-m2m' });
  });

  it('answers 400 when junction_field is not a field of the junction collection', async () => {
    const { parent, child } = await parentChild();
    const res = await post({
      collection: child,
      field: 'parent',
      related_collection: parent,
      meta: { junction_field: 'missing_id' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(`Field "missing_id" doesn't exist in collection "${child}"`);
  });
});
