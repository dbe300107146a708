import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { count, defineSchema, rows } from './write-fixture';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table wc_articles (id serial primary key, title varchar(50) not null, status varchar(20) default 'draft', views integer)`,
      `create table wc_quiet (id serial primary key, name text)`,
      `create view wc_view as select id, title from wc_articles`,
    ],
    collections: [{ collection: 'wc_quiet', accountability: null }],
  });
});

async function create(body: unknown) {
  return app.request('/api/items/wc_articles', { method: 'POST', token, body });
}

describe('POST /api/items/:collection', () => {
  it('creates an item and answers 201 with it, generated id and defaults included', async () => {
    const res = await create({ title: 'Hello', views: 3 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'Hello',
      status: 'draft',
      views: 3,
    });
  });

  it('creates every item of an array body in one go and answers them in order', async () => {
    const res = await create([{ title: 'One' }, { title: 'Two' }]);
    expect(res.status).toBe(201);
    expect(res.body.data.map((i: { title: string }) => i.title)).toEqual(['One', 'Two']);
  });

  it('numbers new items past keys that earlier creates gave themselves', async () => {
    const own = await create([
      { id: 5_000, title: 'Given 5000' },
      { id: 5_001, title: 'Given 5001' },
    ]);
    expect(own.status).toBe(201);
    const next = await create({ title: 'Numbered' });
    expect(next.status).toBe(201);
    expect(next.body.data.id).toBeGreaterThan(5_001);
    // One item alone with its own key (the single-statement path) too.
    expect((await create({ id: 90_000, title: 'Given 90000' })).status).toBe(201);
    const after = await create([{ title: 'Numbered again' }]);
    expect(after.status).toBe(201);
    expect(after.body.data[0].id).toBeGreaterThan(90_000);
  });

  it('writes nothing of an array body when one item is invalid', async () => {
    const before = await count('wc_articles');
    const res = await create([{ title: 'Fine' }, { title: null }]);
    expect(res.status).toBe(400);
    // A required field sent as null: FAILED_VALIDATION of type "required", as in Directus.
    expect(res.body).toEqual({
      error: expect.stringContaining('"title"'),
      code: 'FAILED_VALIDATION',
      extensions: expect.objectContaining({ field: 'title', type: 'required' }),
    });
    expect(await count('wc_articles')).toBe(before);
  });

  it('accepts an explicit primary key', async () => {
    const res = await create({ id: 9001, title: 'Chosen' });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toBe(9001);
  });

  it('answers 401 to an anonymous caller and writes nothing', async () => {
    const before = await count('wc_articles');
    const res = await app.request('/api/items/wc_articles', {
      method: 'POST',
      body: { title: 'x' },
    });
    expect(res.status).toBe(401);
    expect(await count('wc_articles')).toBe(before);
  });

  it('lets a signed-in non-admin caller with create and read permissions write', async () => {
    const user = await createPermittedUser([
      { collection: 'wc_articles', action: 'create' },
      { collection: 'wc_articles', action: 'read' },
    ]);
    const userToken = await app.login(user.email, user.password);
    const res = await app.request('/api/items/wc_articles', {
      method: 'POST',
      token: userToken,
      body: { title: 'By a user' },
    });
    expect(res.status).toBe(201);
    const [activity] = (await rows('daas_activity')).filter(
      (a) => a.collection === 'wc_articles' && a.item === String(res.body.data.id),
    );
    expect(activity).toMatchObject({ action: 'create', user: user.id });
  });

  it('answers 403 for a system collection and 400 for a view', async () => {
    const system = await app.request('/api/items/daas_roles', {
      method: 'POST',
      token,
      body: { name: 'sneaky' },
    });
    expect(system.status).toBe(403);
    const view = await app.request('/api/items/wc_view', {
      method: 'POST',
      token,
      body: { title: 'x' },
    });
    expect(view.status).toBe(400);
    expect(view.body.error).toContain('read-only');
  });
});

describe('PATCH and PUT /api/items/:collection/:id', () => {
  it('changes only the fields sent', async () => {
    const { body } = await create({ title: 'Before', views: 1 });
    const res = await app.request(`/api/items/wc_articles/${body.data.id}`, {
      method: 'PATCH',
      token,
      body: { views: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: body.data.id, title: 'Before', status: 'draft', views: 2 });
  });

  it('answers 404 Item not found for an unknown or malformed key', async () => {
    for (const id of ['424242', 'not-a-number']) {
      const res = await app.request(`/api/items/wc_articles/${id}`, {
        method: 'PATCH',
        token,
        body: { views: 2 },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
    }
  });

  it('PUT creates the item with the key in the URL when it is absent', async () => {
    const res = await app.request('/api/items/wc_articles/7001', {
      method: 'PUT',
      token,
      body: { title: 'Put new' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 7001, title: 'Put new', status: 'draft' });
  });

  it('PUT on an existing item keeps the omitted fields', async () => {
    await create({ id: 7002, title: 'Kept', views: 5 });
    const res = await app.request('/api/items/wc_articles/7002', {
      method: 'PUT',
      token,
      body: { status: 'published' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 7002, title: 'Kept', status: 'published', views: 5 });
  });
});

describe('DELETE /api/items/:collection/:id', () => {
  it('deletes the item and answers {deleted: true, id}', async () => {
    const { body } = await create({ title: 'Doomed' });
    const res = await app.request(`/api/items/wc_articles/${body.data.id}`, {
      method: 'DELETE',
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { deleted: true, id: body.data.id } });
    const again = await app.request(`/api/items/wc_articles/${body.data.id}`, {
      method: 'DELETE',
      token,
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
  });
});

describe('batch PATCH and DELETE /api/items/:collection', () => {
  it('answers exactly 400 {error} when the filter is missing or empty, and changes nothing', async () => {
    const before = await rows('wc_articles');
    for (const [method, query] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['PATCH', '?filter={}'],
    ]) {
      const res = await app.request(`/api/items/wc_articles${query}`, {
        method,
        token,
        body: method === 'PATCH' ? { status: 'x' } : undefined,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Filter parameter required for batch update' });
    }
    expect(await rows('wc_articles')).toEqual(before);
  });

  it('updates every item the filter matches and answers {updated, keys}', async () => {
    const made = await create([
      { title: 'b1', status: 'batch' },
      { title: 'b2', status: 'batch' },
      { title: 'b3', status: 'other' },
    ]);
    const ids = made.body.data.map((i: { id: number }) => i.id);
    const filter = encodeURIComponent(JSON.stringify({ status: { _eq: 'batch' } }));
    const res = await app.request(`/api/items/wc_articles?filter=${filter}`, {
      method: 'PATCH',
      token,
      body: { views: 77 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { updated: 2, keys: [ids[0], ids[1]] } });
    const after = (await rows('wc_articles')).filter((r) => ids.includes(r.id));
    expect(after.map((r) => r.views)).toEqual([77, 77, null]);
  });

  it('accepts the bracket filter form and deletes the matches, answering {deleted, keys}', async () => {
    const made = await create([
      { title: 'd1', status: 'gone' },
      { title: 'd2', status: 'gone' },
    ]);
    const ids = made.body.data.map((i: { id: number }) => i.id);
    const res = await app.request('/api/items/wc_articles?filter[status][_eq]=gone', {
      method: 'DELETE',
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { deleted: 2, keys: ids } });
    expect((await rows('wc_articles')).filter((r) => ids.includes(r.id))).toEqual([]);
  });

  it('answers 200 with no keys when nothing matches', async () => {
    const res = await app.request('/api/items/wc_articles?filter[status][_eq]=nothing-like-this', {
      method: 'DELETE',
      token,
    });
    expect(res.body).toEqual({ data: { deleted: 0, keys: [] } });
  });
});

describe('activity and revisions', () => {
  it('records create, update and delete with the full item and the changed fields', async () => {
    const { body } = await create({ title: 'Audited' });
    const id = body.data.id;
    await app.request(`/api/items/wc_articles/${id}`, {
      method: 'PATCH',
      token,
      body: { views: 9 },
    });
    await app.request(`/api/items/wc_articles/${id}`, { method: 'DELETE', token });

    const activity = (await rows('daas_activity')).filter(
      (a) => a.collection === 'wc_articles' && a.item === String(id),
    );
    expect(activity.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(activity[0].user).toEqual(expect.any(String));
    const revisions = (await rows('daas_revisions')).filter(
      (r) => r.collection === 'wc_articles' && r.item === String(id),
    );
    expect(revisions.map((r) => r.activity)).toEqual(activity.map((a) => a.id));
    expect(revisions[0]).toMatchObject({
      data: { id, title: 'Audited', status: 'draft', views: null },
      delta: { title: 'Audited' },
    });
    expect(revisions[1]).toMatchObject({
      data: { id, title: 'Audited', views: 9 },
      delta: { views: 9 },
    });
    expect(revisions[2]).toMatchObject({ data: { id, title: 'Audited', views: 9 }, delta: null });
  });

  it('records one activity row per item of a batch update', async () => {
    const made = await create([
      { title: 'r1', status: 'rev' },
      { title: 'r2', status: 'rev' },
    ]);
    const ids = made.body.data.map((i: { id: number }) => String(i.id));
    await app.request('/api/items/wc_articles?filter[status][_eq]=rev', {
      method: 'PATCH',
      token,
      body: { status: 'revd' },
    });
    const updates = (await rows('daas_activity')).filter(
      (a) =>
        a.collection === 'wc_articles' && ids.includes(a.item as string) && a.action === 'update',
    );
    expect(updates.map((a) => a.item).sort()).toEqual([...ids].sort());
  });

  it('keeps no activity for a collection whose accountability is null', async () => {
    const res = await app.request('/api/items/wc_quiet', {
      method: 'POST',
      token,
      body: { name: 'q' },
    });
    expect(res.status).toBe(201);
    expect((await rows('daas_activity')).filter((a) => a.collection === 'wc_quiet')).toEqual([]);
  });
});
