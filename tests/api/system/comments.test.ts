import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { exec } from '../../helpers/schema-sql';

const app = setupTestApp();
let admin: string;
let reader: string;
let other: string;
let outsider: string;

beforeAll(async () => {
  admin = await app.adminToken();
  await exec(`create table cm_notes (id serial primary key, title text, visible boolean)`);
  await exec(`insert into cm_notes (title, visible) values ('open', true), ('hidden', false)`);
  const user = async (specs: Parameters<typeof createPermittedUser>[0]) => {
    const u = await createPermittedUser(specs);
    return app.login(u.email, u.password);
  };
  const readVisible = {
    collection: 'cm_notes',
    action: 'read' as const,
    permissions: { visible: { _eq: true } },
  };
  reader = await user([readVisible]);
  other = await user([readVisible]);
  outsider = await user([{ collection: 'cm_other', action: 'read' }]);
});

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  app.request(`/api/comments${path}`, { method, token: token ?? undefined, body });

async function comment(token: string, item: number | string = 1, text = 'Nice') {
  const res = await call('POST', '', token, { collection: 'cm_notes', item, comment: text });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('/api/comments', () => {
  it('creates a comment in the Directus shape with its author and date', async () => {
    const c = await comment(reader, 1, 'First!');
    expect(c).toMatchObject({ collection: 'cm_notes', item: '1', comment: 'First!' });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof c.user_created).toBe('string');
    expect(Date.parse(c.date_created)).not.toBeNaN();
  });

  it('lists the comments of one readable item for a non-admin', async () => {
    const mine = await comment(reader, 1, 'listed');
    const res = await call(
      'GET',
      '?filter[collection][_eq]=cm_notes&filter[item][_eq]=1&sort=-date_created',
      other,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toContain(mine.id);
    const unnamed = await call('GET', '', other);
    expect(unnamed.status).toBe(403);
  });

  it('answers 404 for an item the caller may not read, as for a missing one', async () => {
    const hidden = await call('POST', '', reader, {
      collection: 'cm_notes',
      item: 2,
      comment: 'x',
    });
    expect(hidden.status).toBe(404);
    const missing = await call('POST', '', reader, {
      collection: 'cm_notes',
      item: 999,
      comment: 'x',
    });
    expect(missing.status).toBe(404);
    const onHidden = await comment(admin, 2, 'admin only');
    const read = await call('GET', `/${onHidden.id}`, reader);
    expect(read.status).toBe(404);
    const list = await call('GET', '?filter[collection][_eq]=cm_notes&filter[item][_eq]=2', reader);
    expect(list.status).toBe(404);
  });

  it('answers 403 to a caller without read access to the collection', async () => {
    const res = await call('POST', '', outsider, {
      collection: 'cm_notes',
      item: 1,
      comment: 'x',
    });
    expect(res.status).toBe(403);
    const system = await call('POST', '', reader, {
      collection: 'daas_users',
      item: 'x',
      comment: 'x',
    });
    expect(system.status).toBe(403);
  });

  it('lets the author change and delete their comment, and nobody else but an admin', async () => {
    const c = await comment(reader, 1, 'draft');
    const foreign = await call('PATCH', `/${c.id}`, other, { comment: 'hijack' });
    expect(foreign.status).toBe(403);
    const foreignDelete = await call('DELETE', `/${c.id}`, other);
    expect(foreignDelete.status).toBe(403);
    const own = await call('PATCH', `/${c.id}`, reader, { comment: 'final' });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ comment: 'final', user_updated: c.user_created });
    expect(Date.parse(own.body.data.date_updated)).not.toBeNaN();
    const byAdmin = await call('PATCH', `/${c.id}`, admin, { comment: 'moderated' });
    expect(byAdmin.status).toBe(200);
    expect((await call('DELETE', `/${c.id}`, reader)).status).toBe(204);
    expect((await call('GET', `/${c.id}`, admin)).status).toBe(404);
  });

  it("shows a non-admin the authors' names and nothing else of them", async () => {
    const c = await comment(reader, 1, 'named');
    const named = await app.request(`/api/users/${c.user_created}`, {
      method: 'PATCH',
      token: admin,
      body: { first_name: 'Rita', last_name: 'Reader' },
    });
    expect(named.status).toBe(200);
    const base = '?filter[collection][_eq]=cm_notes&filter[item][_eq]=1';
    const res = await call(
      'GET',
      `${base}&fields=id,comment,user_created.id,user_created.first_name,user_created.last_name`,
      other,
    );
    expect(res.status).toBe(200);
    const mine = res.body.data.find((x: { id: string }) => x.id === c.id);
    expect(mine.user_created).toEqual({
      id: c.user_created,
      first_name: 'Rita',
      last_name: 'Reader',
    });
    for (const field of ['email', 'password', 'role', 'token']) {
      const refused = await call('GET', `${base}&fields=id,user_created.${field}`, other);
      expect(refused.status).toBe(403);
    }
    const probing = await call('GET', `${base}&filter[user_created][email][_eq]=x`, other);
    expect(probing.status).toBe(403);
  });

  it('lets an admin list every comment', async () => {
    await comment(admin, 2, 'everywhere');
    const res = await call('GET', '?limit=-1', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.some((c: { comment: string }) => c.comment === 'everywhere')).toBe(true);
  });

  it('answers 400 to malformed bodies and ids, and keeps hostile text as data', async () => {
    for (const body of [
      {},
      { collection: 'cm_notes', item: 1 },
      { collection: 'cm_notes', item: 1, comment: '' },
      { collection: 'cm_notes', item: 1, comment: 'x', user_created: 'someone' },
      { collection: 'cm_notes', item: { id: 1 }, comment: 'x' },
    ]) {
      expect((await call('POST', '', reader, body)).status).toBe(400);
    }
    expect((await call('GET', '/not-a-uuid', reader)).status).toBe(400);
    const evil = "'); drop table daas_comments; --";
    const c = await comment(reader, 1, evil);
    expect((await call('GET', `/${c.id}`, reader)).body.data.comment).toBe(evil);
    const injected = await call(
      'GET',
      `?filter[collection][_eq]=cm_notes&filter[item][_eq]=${encodeURIComponent("1' or '1'='1")}`,
      reader,
    );
    expect(injected.status).toBe(404);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call('GET', '', null)).status).toBe(401);
    const res = await call('POST', '', null, { collection: 'cm_notes', item: 1, comment: 'x' });
    expect(res.status).toBe(401);
  });
});
