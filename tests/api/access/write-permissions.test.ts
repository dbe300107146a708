import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from '../items/write-fixture';

const app = setupTestApp();
let editor: string;
let readOnly: string;

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table wp_notes (id serial primary key, title varchar(50), status varchar(20) default 'draft', secret text, priority integer, owner text)`,
      `create table wp_lists (id serial primary key, name text)`,
      `create table wp_items (id serial primary key, list integer references wp_lists(id), label text, locked boolean default false)`,
    ],
    fields: [{ collection: 'wp_lists', field: 'items', special: ['o2m'] }],
    relations: [
      {
        many_collection: 'wp_items',
        many_field: 'list',
        one_collection: 'wp_lists',
        one_field: 'items',
      },
    ],
  });
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('kysely');
  await sql`insert into wp_notes (id, title, status, secret, priority) values
    (1, 'open one', 'draft', 's1', 1), (2, 'open two', 'draft', 's2', 2),
    (3, 'done', 'published', 's3', 3), (4, 'done too', 'published', 's4', 4)`.execute(getDb());
  await sql`select setval('wp_notes_id_seq', 100)`.execute(getDb());
  await sql`insert into wp_lists (id, name) values (1, 'groceries')`.execute(getDb());
  await sql`insert into wp_items (id, list, label, locked) values (1, 1, 'milk', false), (2, 1, 'bread', true)`.execute(
    getDb(),
  );
  await sql`select setval('wp_items_id_seq', 100)`.execute(getDb());
  const user = await createPermittedUser([
    {
      collection: 'wp_notes',
      action: 'create',
      fields: ['title', 'priority', 'status'],
      validation: { priority: { _lte: 10 } },
      presets: { status: 'review', owner: 'preset-owner' },
    },
    {
      collection: 'wp_notes',
      action: 'read',
      fields: ['id', 'title', 'status', 'priority', 'owner'],
    },
    {
      collection: 'wp_notes',
      action: 'update',
      fields: ['title', 'priority'],
      permissions: { status: { _eq: 'draft' } },
      validation: { priority: { _lte: 10 } },
    },
    { collection: 'wp_notes', action: 'delete', permissions: { status: { _eq: 'draft' } } },
    { collection: 'wp_lists', action: 'read' },
    { collection: 'wp_lists', action: 'update', fields: ['name', 'items'] },
    { collection: 'wp_items', action: 'read' },
    {
      collection: 'wp_items',
      action: 'update',
      fields: ['label', 'list'],
      permissions: { locked: { _eq: false } },
    },
  ]);
  editor = await app.login(user.email, user.password);
  const viewer = await createPermittedUser([{ collection: 'wp_notes', action: 'read' }]);
  readOnly = await app.login(viewer.email, viewer.password);
});

const send = (method: string, path: string, body?: unknown, token = editor) =>
  app.request(path, { method, token, body });
const note = async (id: number) => (await rows('wp_notes')).find((r) => r.id === id);

describe('item writes under permissions', () => {
  it('creates with presets as defaults and answers with the readable fields', async () => {
    const res = await send('POST', '/api/items/wp_notes', { title: 'new', priority: 5 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'new',
      status: 'review',
      priority: 5,
      owner: 'preset-owner',
    });
    const sent = await send('POST', '/api/items/wp_notes', {
      title: 'mine',
      status: 'draft',
      priority: 1,
    });
    expect(sent.body).toEqual({ data: expect.objectContaining({ status: 'draft' }) });
  });

  it('refuses a create without a create permission, writing nothing', async () => {
    const before = (await rows('wp_notes')).length;
    const res = await send('POST', '/api/items/wp_notes', { title: 'x' }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await rows('wp_notes')).length).toBe(before);
  });

  it('answers 403 naming a mass-assigned field outside the field list', async () => {
    const before = (await rows('wp_notes')).length;
    const res = await send('POST', '/api/items/wp_notes', { title: 'x', secret: 'mine' });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('"secret"');
    expect((await rows('wp_notes')).length).toBe(before);
    const upd = await send('PATCH', '/api/items/wp_notes/1', { secret: 'changed' });
    expect(upd.status).toBe(403);
    expect((await note(1))?.secret).toBe('s1');
  });

  it('answers 400 FAILED_VALIDATION when the written row breaks the validation rule', async () => {
    const before = (await rows('wp_notes')).length;
    const res = await send('POST', '/api/items/wp_notes', { title: 'x', priority: 11 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Validation failed for field "priority"',
      code: 'FAILED_VALIDATION',
      extensions: expect.objectContaining({ field: 'priority', type: expect.any(String) }),
    });
    expect((await rows('wp_notes')).length).toBe(before);
    const upd = await send('PATCH', '/api/items/wp_notes/1', { priority: 50 });
    expect(upd.status).toBe(400);
    expect((await note(1))?.priority).toBe(1);
  });

  it('updates a row inside the item filter', async () => {
    const res = await send('PATCH', '/api/items/wp_notes/2', { title: 'renamed' });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('renamed');
  });

  it('answers 404 to an update outside the item filter and changes nothing', async () => {
    const res = await send('PATCH', '/api/items/wp_notes/3', { title: 'hijacked' });
    expect(res.status).toBe(404);
    expect((await note(3))?.title).toBe('done');
  });

  it('touches only permitted rows in a batch update', async () => {
    const filter = encodeURIComponent(JSON.stringify({ id: { _in: [1, 3, 4] } }));
    const res = await send('PATCH', `/api/items/wp_notes?filter=${filter}`, { priority: 9 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, keys: [1] });
    expect((await note(3))?.priority).toBe(3);
    expect((await note(4))?.priority).toBe(4);
  });

  it('deletes inside the item filter only', async () => {
    const outside = await send('DELETE', '/api/items/wp_notes/4');
    expect(outside.status).toBe(404);
    expect(await note(4)).toBeDefined();
    const filter = encodeURIComponent(JSON.stringify({ status: { _eq: 'published' } }));
    const batch = await send('DELETE', `/api/items/wp_notes?filter=${filter}`);
    expect(batch.body.data).toEqual({ deleted: 0, keys: [] });
    expect(await note(3)).toBeDefined();
    const inside = await send('DELETE', '/api/items/wp_notes/1');
    expect(inside.status).toBe(200);
    expect(await note(1)).toBeUndefined();
  });

  it('refuses update and delete without those permissions', async () => {
    expect((await send('PATCH', '/api/items/wp_notes/2', { title: 'x' }, readOnly)).status).toBe(
      403,
    );
    expect((await send('DELETE', '/api/items/wp_notes/2', undefined, readOnly)).status).toBe(403);
    expect((await note(2))?.title).toBe('renamed');
  });

  it('resolves $CURRENT_USER in an item filter to the caller', async () => {
    const owner = await createPermittedUser([
      { collection: 'wp_notes', action: 'read', permissions: { owner: { _eq: '$CURRENT_USER' } } },
    ]);
    const { getDb } = await import('@/lib/db/client');
    await getDb()
      .insertInto('wp_notes' as never)
      .values({ id: 500, title: 'owned', owner: owner.id } as never)
      .execute();
    const t = await app.login(owner.email, owner.password);
    const res = await app.request('/api/items/wp_notes', { token: t });
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { id: number }) => n.id)).toEqual([500]);
  });

  it('enforces the child collection permissions in a nested relational update', async () => {
    const ok = await send('PATCH', '/api/items/wp_lists/1', {
      items: { create: [], update: [{ id: 1, label: 'oat milk' }], delete: [] },
    });
    expect(ok.status).toBe(200);
    const locked = await send('PATCH', '/api/items/wp_lists/1', {
      items: { create: [], update: [{ id: 2, label: 'cake' }], delete: [] },
    });
    expect(locked.status).toBe(404);
    const noCreate = await send('PATCH', '/api/items/wp_lists/1', {
      items: { create: [{ label: 'eggs' }], update: [], delete: [] },
    });
    expect(noCreate.status).toBe(403);
    const items = await rows('wp_items');
    expect(items.map((r) => r.label).sort()).toEqual(['bread', 'oat milk']);
  });
});
