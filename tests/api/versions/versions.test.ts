import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermittedUser } from '../../helpers/permissions';
import type { HookMeta } from '@/lib/events/emitter';

const app = setupTestApp();
let admin: string;
const off: (() => void)[] = [];

beforeAll(async () => {
  admin = await app.adminToken();
  await createItemsFixture({ prefix: 'v_' });
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

const as = (token: string) => ({
  get: (path: string) => app.request(path, { token }),
  post: (path: string, body: unknown) => app.request(path, { method: 'POST', token, body }),
  patch: (path: string, body: unknown) => app.request(path, { method: 'PATCH', token, body }),
  del: (path: string) => app.request(path, { method: 'DELETE', token }),
});

let n = 0;
async function newArticle(title = 'Main title', body = 'Main body'): Promise<number> {
  const res = await as(admin).post('/api/items/v_articles', { title, body, status: 'draft' });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
async function newVersion(item: number, token = admin) {
  const res = await as(token).post('/api/versions', {
    key: `draft-${++n}`,
    name: 'Draft',
    collection: 'v_articles',
    item,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; key: string; hash: string };
}

async function signIn(user: { email: string; password: string }) {
  return app.login(user.email, user.password);
}

describe('version CRUD', () => {
  it('creates, reads, lists, renames and deletes a version', async () => {
    const item = await newArticle();
    const created = await newVersion(item);
    expect(created).toMatchObject({ collection: 'v_articles', item: String(item), delta: null });
    expect(created.hash).toMatch(/^[0-9a-f]{64}$/);

    const one = await as(admin).get(`/api/versions/${created.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.key).toBe(created.key);

    const list = await as(admin).get(`/api/versions?filter[item][_eq]=${item}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([created.id]);

    const renamed = await as(admin).patch(`/api/versions/${created.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Renamed');

    expect((await as(admin).del(`/api/versions/${created.id}`)).status).toBe(204);
    expect((await as(admin).get(`/api/versions/${created.id}`)).status).toBe(404);
  });

  it('refuses the reserved key main, a second version with the same key and an absent item', async () => {
    const item = await newArticle();
    const main = await as(admin).post('/api/versions', {
      key: 'main',
      collection: 'v_articles',
      item,
    });
    expect(main.status).toBe(400);
    const v = await newVersion(item);
    const again = await as(admin).post('/api/versions', {
      key: v.key,
      collection: 'v_articles',
      item,
    });
    expect(again.status).toBe(409);
    const missing = await as(admin).post('/api/versions', {
      key: 'draft',
      collection: 'v_articles',
      item: 999_999,
    });
    expect(missing.status).toBe(404);
  });

  it('emits versions.create once the version exists', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const seen = new Promise<HookMeta>((resolve) =>
      off.push(emitter().onAction('versions.create', resolve)),
    );
    const item = await newArticle();
    const v = await newVersion(item);
    const meta = await seen;
    expect(meta.key).toBe(v.id);
    expect(meta.payload).toMatchObject({ collection: 'v_articles', item: String(item) });
  });
});

describe('save, compare, promote', () => {
  it('merges saves into the delta and shows the merged item', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    const first = await as(admin).post(`/api/versions/${v.id}/save`, { title: 'Draft title' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: item, title: 'Draft title', body: 'Main body' });
    const second = await as(admin).post(`/api/versions/${v.id}/save`, { body: 'Draft body' });
    expect(second.body.data).toMatchObject({ title: 'Draft title', body: 'Draft body' });
    const stored = await as(admin).get(`/api/versions/${v.id}`);
    expect(stored.body.data.delta).toEqual({ title: 'Draft title', body: 'Draft body' });
    const read = await as(admin).get(`/api/items/v_articles/${item}?version=${v.key}`);
    expect(read.body.data).toMatchObject({ title: 'Draft title', body: 'Draft body' });
    const main = await as(admin).get(`/api/items/v_articles/${item}`);
    expect(main.body.data).toMatchObject({ title: 'Main title', body: 'Main body' });
  });

  it('compare shows outdated once the main item changed', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    await as(admin).post(`/api/versions/${v.id}/save`, { title: 'Draft title' });
    const before = await as(admin).get(`/api/versions/${v.id}/compare`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      outdated: false,
      mainHash: v.hash,
      current: { title: 'Draft title' },
      main: { id: item, title: 'Main title' },
    });
    await as(admin).patch(`/api/items/v_articles/${item}`, { views: 7 });
    const after = await as(admin).get(`/api/versions/${v.id}/compare`);
    expect(after.body.data.outdated).toBe(true);
    expect(after.body.data.mainHash).not.toBe(v.hash);
  });

  it('promotes the delta through the items service, with a revision', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    await as(admin).post(`/api/versions/${v.id}/save`, { title: 'Promoted', body: 'Kept back' });
    const { mainHash } = (await as(admin).get(`/api/versions/${v.id}/compare`)).body.data;
    const res = await as(admin).post(`/api/versions/${v.id}/promote`, {
      mainHash,
      fields: ['title'],
    });
    expect(res.status).toBe(200);
    const main = await as(admin).get(`/api/items/v_articles/${item}`);
    expect(main.body.data).toMatchObject({ title: 'Promoted', body: 'Main body' });
    const revisions = await as(admin).get(
      `/api/revisions?filter[collection][_eq]=v_articles&filter[item][_eq]=${item}&sort=-id&limit=1`,
    );
    expect(revisions.body.data[0].delta).toEqual({ title: 'Promoted' });
  });

  it('refuses a promote with a stale mainHash with 409 and changes nothing', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    await as(admin).post(`/api/versions/${v.id}/save`, { title: 'Stale draft' });
    const { mainHash } = (await as(admin).get(`/api/versions/${v.id}/compare`)).body.data;
    await as(admin).patch(`/api/items/v_articles/${item}`, { body: 'Changed meanwhile' });
    const res = await as(admin).post(`/api/versions/${v.id}/promote`, { mainHash });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.code).toBe('VERSION_OUTDATED');
    const main = await as(admin).get(`/api/items/v_articles/${item}`);
    expect(main.body.data).toMatchObject({ title: 'Main title', body: 'Changed meanwhile' });
  });

  it('runs the item filter hooks on promote and writes nothing when one throws', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const item = await newArticle();
    const v = await newVersion(item);
    await as(admin).post(`/api/versions/${v.id}/save`, { title: 'SHOUTING' });
    const { mainHash } = (await as(admin).get(`/api/versions/${v.id}/compare`)).body.data;
    off.push(
      emitter().onFilter('v_articles.items.update', () => {
        throw new Error('Titles must not shout');
      }),
    );
    const res = await as(admin).post(`/api/versions/${v.id}/promote`, { mainHash });
    expect(res.status).toBe(400);
    const main = await as(admin).get(`/api/items/v_articles/${item}`);
    expect(main.body.data.title).toBe('Main title');
  });
});

describe('who may see and change versions', () => {
  it('never shows a field the reader may not read, through ?version= or compare', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    await as(admin).post(`/api/versions/${v.id}/save`, { title: 'Draft title', body: 'Secret' });
    const reader = await createPermittedUser([
      { collection: 'v_articles', action: 'read', fields: ['id', 'title', 'status'] },
    ]);
    const token = await signIn(reader);
    const read = await as(token).get(`/api/items/v_articles/${item}?version=${v.key}`);
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('Draft title');
    expect(read.body.data).not.toHaveProperty('body');
    const compare = await as(token).get(`/api/versions/${v.id}/compare`);
    expect(compare.status).toBe(200);
    expect(compare.body.data.current).toEqual({ title: 'Draft title' });
    expect(compare.body.data.main).not.toHaveProperty('body');
    const one = await as(token).get(`/api/versions/${v.id}`);
    expect(one.body.data.delta).toEqual({ title: 'Draft title' });
    const list = await as(token).get(`/api/versions?filter[id][_eq]=${v.id}`);
    expect(list.body.data[0].delta).toEqual({ title: 'Draft title' });
    const only = await as(token).get(`/api/versions?filter[id][_eq]=${v.id}&fields=delta`);
    expect(only.body.data).toEqual([{ delta: { title: 'Draft title' } }]);
    const probe = await as(token).get(`/api/versions?filter[delta][_nnull]=true`);
    expect(probe.status).toBe(403);
  });

  it('answers an unknown version and one of a forbidden item the same way', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    const reader = await createPermittedUser([
      { collection: 'v_articles', action: 'read', permissions: { id: { _neq: item } } },
    ]);
    const token = await signIn(reader);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const suffix of ['', '/compare']) {
      const forbidden = await as(token).get(`/api/versions/${v.id}${suffix}`);
      const missing = await as(token).get(`/api/versions/${unknown}${suffix}`);
      expect(forbidden.status).toBe(404);
      expect(forbidden.body).toEqual(missing.body);
    }
    const list = await as(token).get(`/api/versions?filter[id][_eq]=${v.id}`);
    expect(list.body.data).toEqual([]);
    expect(list.body.meta).toMatchObject({ total: 0, total_count: 0 });
    const outsider = await signIn(await createPermittedUser([]));
    const none = await as(outsider).get(`/api/versions/${v.id}`);
    expect(none.status).toBe(404);
  });

  it('needs update permission on the item to create, save or promote', async () => {
    const item = await newArticle();
    const v = await newVersion(item);
    const reader = await createPermittedUser([{ collection: 'v_articles', action: 'read' }]);
    const token = await signIn(reader);
    const create = await as(token).post('/api/versions', {
      key: 'mine',
      collection: 'v_articles',
      item,
    });
    expect(create.status).toBe(403);
    expect((await as(token).post(`/api/versions/${v.id}/save`, { title: 'x' })).status).toBe(403);
    const editor = await createPermittedUser([
      { collection: 'v_articles', action: 'read' },
      { collection: 'v_articles', action: 'update', fields: ['title'] },
    ]);
    const editorToken = await signIn(editor);
    const mine = await newVersion(item, editorToken);
    const denied = await as(editorToken).post(`/api/versions/${mine.id}/save`, { body: 'x' });
    expect(denied.status).toBe(403);
    const saved = await as(editorToken).post(`/api/versions/${mine.id}/save`, { title: 'Edited' });
    expect(saved.status).toBe(200);
    const { mainHash } = (await as(editorToken).get(`/api/versions/${mine.id}/compare`)).body.data;
    const promoted = await as(editorToken).post(`/api/versions/${mine.id}/promote`, { mainHash });
    expect(promoted.status).toBe(200);
    const main = await as(admin).get(`/api/items/v_articles/${item}`);
    expect(main.body.data.title).toBe('Edited');
  });
});
