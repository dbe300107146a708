import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { constraint, db, errorOf, exec, parentChild, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
});

const post = (body: unknown, token = admin.token) =>
  app.request('/api/relations', { method: 'POST', body, token });

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

describe('many-to-many through the schema endpoints, request by request as the Directus studio sends them', () => {
  const call = (method: string, path: string, body?: unknown) =>
    app.request(path, { method, body, token: admin.token });

  it('creates the alias, the junction collection, its key fields and both relations', async () => {
    const articles = uid('sa');
    const tags = uid('st');
    const junction = `${articles}_${tags}`;
    const idField = {
      field: 'id',
      type: 'integer',
      schema: { is_primary_key: true, has_auto_increment: true },
    };
    expect(
      (
        await call('POST', '/api/collections', {
          collection: articles,
          schema: {},
          fields: [idField],
        })
      ).status,
    ).toBe(201);
    expect(
      (await call('POST', '/api/collections', { collection: tags, schema: {}, fields: [idField] }))
        .status,
    ).toBe(201);

    // Sequential, in the studio's order: each request needs the one before.
    const steps = [
      () =>
        call('POST', `/api/fields/${articles}`, {
          field: 'tags',
          type: 'alias',
          meta: { interface: 'list-m2m', special: ['m2m'] },
        }),
      () =>
        call('POST', '/api/collections', {
          collection: junction,
          meta: { hidden: true, icon: 'import_export' },
          schema: {},
          fields: [{ ...idField, meta: { hidden: true } }],
        }),
      () =>
        call('POST', `/api/fields/${junction}`, {
          field: `${articles}_id`,
          type: 'integer',
          schema: {},
          meta: { hidden: true },
        }),
      () =>
        call('POST', `/api/fields/${junction}`, {
          field: `${tags}_id`,
          type: 'integer',
          schema: {},
          meta: { hidden: true },
        }),
      () =>
        call('POST', '/api/relations', {
          collection: junction,
          field: `${articles}_id`,
          related_collection: articles,
          meta: {
            one_field: 'tags',
            sort_field: null,
            one_deselect_action: 'nullify',
            junction_field: `${tags}_id`,
          },
          schema: { on_delete: 'SET NULL' },
        }),
      () =>
        call('POST', '/api/relations', {
          collection: junction,
          field: `${tags}_id`,
          related_collection: tags,
          meta: {
            one_field: null,
            sort_field: null,
            one_deselect_action: 'nullify',
            junction_field: `${articles}_id`,
          },
          schema: { on_delete: 'SET NULL' },
        }),
    ];
    for (const step of steps) {
      const res = await step();
      expect(res.status, res.text).toBe(201);
    }

    const alias = await call('GET', `/api/fields/${articles}/tags`);
    expect(alias.status).toBe(200);
    expect(alias.body.data).toMatchObject({
      type: 'alias',
      meta: { special: ['m2m'], interface: 'list-m2m' },
    });
    const relations = await call('GET', `/api/relations/${junction}`);
    expect(relations.body.data).toHaveLength(2);
    expect(
      relations.body.data.map((r: { related_collection: string }) => r.related_collection).sort(),
    ).toEqual([articles, tags].sort());
    expect((await constraint(junction)).map((c) => c.confdeltype)).toEqual(['n', 'n']);
  });
});
