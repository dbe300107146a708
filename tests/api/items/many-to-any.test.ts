import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser, type PermissionSpec } from '../../helpers/permissions';
import { errorOf, exec } from '../../helpers/schema-sql';
import { count, defineSchema, rows } from './write-fixture';

const app = setupTestApp();
let token: string;

const PAGES = 'ma_pages';
const JUNCTION = 'ma_pages_blocks';
const READ = `fields=id,blocks.collection,blocks.item:ma_headings.title,blocks.item:ma_images.url`;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table ma_pages (id serial primary key, title text)`,
      `create table ma_headings (id serial primary key, title text not null, secret text)`,
      `create table ma_images (id uuid primary key default gen_random_uuid(), url text)`,
      `create table ma_pages_blocks (id serial primary key, ma_pages_id integer, item varchar(255), collection varchar(255), sort integer)`,
    ],
    fields: [{ collection: PAGES, field: 'blocks', special: ['m2a'] }],
  });
  // The two relations of a many-to-any, sent as the Directus studio sends them.
  const o2m = await app.request('/api/relations', {
    method: 'POST',
    token,
    body: {
      collection: JUNCTION,
      field: 'ma_pages_id',
      related_collection: PAGES,
      meta: { one_field: 'blocks', junction_field: 'item', sort_field: 'sort' },
      schema: { on_delete: 'SET NULL' },
    },
  });
  expect(o2m.status).toBe(201);
  const any = await app.request('/api/relations', {
    method: 'POST',
    token,
    body: {
      collection: JUNCTION,
      field: 'item',
      related_collection: null,
      meta: {
        one_allowed_collections: ['ma_headings', 'ma_images'],
        one_collection_field: 'collection',
        junction_field: 'ma_pages_id',
      },
    },
  });
  expect(any.status).toBe(201);
});

const post = (collection: string, body: unknown, as = token) =>
  app.request(`/api/items/${collection}`, { method: 'POST', token: as, body });
const get = (path: string, as: string | null = token) =>
  app.request(`/api/items/${path}`, { token: as ?? undefined });

async function pageWithBlocks(): Promise<number> {
  const res = await post(PAGES, {
    title: 'Home',
    blocks: [
      { collection: 'ma_headings', item: { title: 'Welcome', secret: 's1' } },
      { collection: 'ma_images', item: { url: 'a.png' } },
    ],
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function userWith(specs: PermissionSpec[]): Promise<string> {
  const user = await createPermittedUser(specs);
  return app.login(user.email, user.password);
}

const readAll = (collection: string, fields?: string[]): PermissionSpec => ({
  collection,
  action: 'read',
  fields,
});

describe('many-to-any relations', () => {
  it('stores the relation without a foreign key, with its allowed collections', async () => {
    const res = await app.request(`/api/relations/${JUNCTION}/item`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      related_collection: null,
      schema: null,
      meta: {
        one_allowed_collections: ['ma_headings', 'ma_images'],
        one_collection_field: 'collection',
      },
    });
  });

  it('answers 400 for a relation without related_collection nor allowed collections', async () => {
    await exec(`create table ma_loose (id serial primary key, item varchar(255), kind text)`);
    const res = await app.request('/api/relations', {
      method: 'POST',
      token,
      body: { collection: 'ma_loose', field: 'item', related_collection: null },
    });
    expect(res.status).toBe(400);
    const unknown = await app.request('/api/relations', {
      method: 'POST',
      token,
      body: {
        collection: 'ma_loose',
        field: 'item',
        related_collection: null,
        meta: { one_allowed_collections: ['ma_nowhere'], one_collection_field: 'kind' },
      },
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toContain('ma_nowhere');
  });

  it('creates the items of each collection through the junction and reads them back', async () => {
    const id = await pageWithBlocks();
    const res = await get(`${PAGES}/${id}?${READ}`);
    expect(res.status).toBe(200);
    expect(res.body.data.blocks).toEqual([
      { collection: 'ma_headings', item: { title: 'Welcome' } },
      { collection: 'ma_images', item: { url: 'a.png' } },
    ]);
  });

  it('answers the stored key for a collection the fields do not name', async () => {
    const id = await pageWithBlocks();
    const res = await get(`${PAGES}/${id}?fields=blocks.item:ma_headings.title,blocks.collection`);
    expect(res.status).toBe(200);
    const [heading, image] = res.body.data.blocks;
    expect(heading.item).toEqual({ title: 'Welcome' });
    expect(typeof image.item).toBe('string');
    expect(image.item).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads a list with many-to-any items in one request', async () => {
    await pageWithBlocks();
    const res = await get(`${PAGES}?${READ}&sort=-id&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0].blocks[1].item).toEqual({ url: 'a.png' });
  });

  it('updates an item through the junction when it carries its key', async () => {
    const id = await pageWithBlocks();
    const [block] = (await rows(JUNCTION)).filter((r) => r.ma_pages_id === id);
    const res = await app.request(`/api/items/${PAGES}/${id}`, {
      method: 'PATCH',
      token,
      body: {
        blocks: {
          update: [
            {
              id: block.id,
              collection: 'ma_headings',
              item: { id: Number(block.item), title: 'Changed' },
            },
          ],
        },
      },
    });
    expect(res.status).toBe(200);
    const heading = (await rows('ma_headings')).find((r) => r.id === Number(block.item));
    expect(heading?.title).toBe('Changed');
  });

  it('links an existing item by its integer key, as clients send a serial key', async () => {
    const heading = await post('ma_headings', { title: 'Linked by key' });
    expect(heading.status).toBe(201);
    const key = heading.body.data.id as number;
    const res = await post(PAGES, {
      title: 'Linked',
      blocks: [{ collection: 'ma_headings', item: key }],
    });
    expect(res.status).toBe(201);
    const [block] = (await rows(JUNCTION)).filter((r) => r.ma_pages_id === res.body.data.id);
    expect(block.item).toBe(String(key));
    const read = await get(`${PAGES}/${res.body.data.id}?${READ}`);
    expect(read.body.data.blocks).toEqual([
      { collection: 'ma_headings', item: { title: 'Linked by key' } },
    ]);
    const fraction = await post(PAGES, { blocks: [{ collection: 'ma_headings', item: 1.5 }] });
    expect(fraction.status).toBe(400);
    expect(fraction.body.extensions).toMatchObject({ field: 'item', type: 'invalid_type' });
  });

  it('answers 400 naming the collection field when a block names a collection not allowed', async () => {
    const before = await count('daas_users');
    const res = await post(PAGES, {
      title: 'Hostile',
      blocks: [{ collection: 'daas_users', item: { email: 'x@example.com' } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_PAYLOAD',
      extensions: { field: 'collection' },
    });
    expect(await count('daas_users')).toBe(before);
  });

  it('answers 400 for a collection outside the allowed ones and for malformed names', async () => {
    const id = await pageWithBlocks();
    for (const fields of [
      'blocks.item:daas_users.email',
      'blocks.item:ma_nowhere.id',
      'blocks.item:ma_headings";drop table ma_pages;--.title',
      'blocks.item:ma_headings.missing',
    ]) {
      const res = await get(`${PAGES}/${id}?fields=${encodeURIComponent(fields)}`);
      expect(res.status).toBe(400);
    }
    expect(await count(PAGES)).toBeGreaterThan(0);
  });

  it('applies the permissions of each target collection to a non-admin read', async () => {
    const id = await pageWithBlocks();
    const reader = await userWith([
      readAll(PAGES),
      readAll(JUNCTION),
      readAll('ma_headings', ['id', 'title']),
    ]);
    const ok = await get(
      `${PAGES}/${id}?fields=blocks.collection,blocks.item:ma_headings.title`,
      reader,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.blocks[0].item).toEqual({ title: 'Welcome' });
    const images = await get(`${PAGES}/${id}?fields=blocks.item:ma_images.url`, reader);
    expect(images.status).toBe(403);
    const secret = await get(`${PAGES}/${id}?fields=blocks.item:ma_headings.secret`, reader);
    expect(secret.status).toBe(403);
  });

  it('answers null for an item the target collection filter hides', async () => {
    const id = await pageWithBlocks();
    const reader = await userWith([
      readAll(PAGES),
      readAll(JUNCTION),
      { collection: 'ma_headings', action: 'read', permissions: { title: { _eq: 'nothing' } } },
      readAll('ma_images'),
    ]);
    const res = await get(`${PAGES}/${id}?${READ}`, reader);
    expect(res.status).toBe(200);
    expect(res.body.data.blocks).toEqual([
      { collection: 'ma_headings', item: null },
      { collection: 'ma_images', item: { url: 'a.png' } },
    ]);
  });

  it('refuses a nested create in a collection the caller may not create in', async () => {
    const writer = await userWith([
      { collection: PAGES, action: 'create' },
      { collection: JUNCTION, action: 'create' },
      { collection: 'ma_headings', action: 'create' },
      readAll(PAGES),
    ]);
    const images = await count('ma_images');
    const pages = await count(PAGES);
    const refused = await post(
      PAGES,
      { title: 'No images', blocks: [{ collection: 'ma_images', item: { url: 'b.png' } }] },
      writer,
    );
    expect(refused.status).toBe(403);
    expect(await count('ma_images')).toBe(images);
    expect(await count(PAGES)).toBe(pages);
    const allowed = await post(
      PAGES,
      { title: 'Headings', blocks: [{ collection: 'ma_headings', item: { title: 'Mine' } }] },
      writer,
    );
    expect(allowed.status).toBe(201);
  });

  it('answers 401 to an anonymous read of many-to-any items', async () => {
    const id = await pageWithBlocks();
    const res = await get(`${PAGES}/${id}?${READ}`, null);
    expect(res.status).toBe(401);
  });
});
