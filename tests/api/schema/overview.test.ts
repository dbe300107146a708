import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

setupTestApp();

describe('schema overview', () => {
  it('merges introspected tables with field metadata, alias fields and folders', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { getSchema, invalidateSchema } = await import('@/lib/schema/overview');
    const db = getDb();
    await sql`create table ov_tags (id serial primary key, name text)`.execute(db);
    await sql`create table ov_posts (id serial primary key, title varchar(20), tags_csv text, tag integer references ov_tags(id))`.execute(
      db,
    );
    await db
      .insertInto('daas_fields')
      .values([
        { collection: 'ov_posts', field: 'tags_csv', special: JSON.stringify(['cast-csv']) },
        {
          collection: 'ov_tags',
          field: 'posts',
          special: JSON.stringify(['o2m']),
          interface: 'list-o2m',
        },
      ])
      .execute();
    await db
      .insertInto('daas_collections')
      .values({ collection: 'ov_folder', icon: 'folder' })
      .execute();
    await db
      .insertInto('daas_relations')
      .values({
        many_collection: 'ov_posts',
        many_field: 'tag',
        one_collection: 'ov_tags',
        one_field: 'posts',
      })
      .execute();
    invalidateSchema();
    const s = await getSchema(db);

    expect(s.collections.ov_posts).toMatchObject({ primary: 'id', system: false, type: 'table' });
    expect(s.collections.ov_posts.fields.title).toMatchObject({
      type: 'string',
      schema: { max_length: 20 },
    });
    expect(s.collections.ov_posts.fields.tags_csv.type).toBe('csv');
    expect(s.collections.ov_tags.fields.posts).toMatchObject({
      type: 'alias',
      schema: null,
      meta: { special: ['o2m'] },
    });
    expect(s.collections.ov_folder).toMatchObject({ schema: null, meta: { icon: 'folder' } });
    expect(s.collections.daas_users.system).toBe(true);
    expect(s.relations.find((r) => r.collection === 'ov_posts')).toMatchObject({
      field: 'tag',
      related_collection: 'ov_tags',
      schema: { on_delete: 'NO ACTION' },
      meta: { one_field: 'posts' },
    });
  });

  it('serves the cached overview until it is invalidated', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { getSchema, invalidateSchema } = await import('@/lib/schema/overview');
    const db = getDb();
    const first = await getSchema(db);
    await sql`create table ov_later (id serial primary key)`.execute(db);
    expect(await getSchema(db)).toBe(first);
    invalidateSchema();
    expect((await getSchema(db)).collections.ov_later).toBeDefined();
  });
});
