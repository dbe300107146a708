import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { formWith, pngBytes } from '../files/fixtures';
import { defineSchema, rows } from './write-fixture';

/**
 * Automatic values (Directus "specials"): date-created, user-created on create,
 * date-updated, user-updated on update, uuid for an empty primary key, on every write path.
 */

const app = setupTestApp();
let admin: string;
let adminId: string;
let editor: string;
let editorId: string;

const LONG_AGO = '2000-01-01T00:00:00.000Z';
const SOMEONE = '00000000-0000-4000-8000-000000000001';

const as = (token: string | undefined) => ({
  get: (path: string) => app.request(path, { token }),
  post: (path: string, body: unknown) => app.request(path, { method: 'POST', token, body }),
  patch: (path: string, body: unknown) => app.request(path, { method: 'PATCH', token, body }),
});

/** A timestamp written by this test run, not one from the payload. */
function recent(value: unknown): boolean {
  const at = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isFinite(at) && Math.abs(Date.now() - at) < 120_000;
}

beforeAll(async () => {
  const auto = (collection: string) => [
    { collection, field: 'date_created', special: ['date-created'] },
    { collection, field: 'date_updated', special: ['date-updated'] },
    { collection, field: 'user_created', special: ['user-created'] },
    { collection, field: 'user_updated', special: ['user-updated'] },
  ];
  await defineSchema({
    sql: [
      `create table sp_posts (id serial primary key, title text, date_created timestamptz,
        date_updated timestamptz, user_created uuid, user_updated uuid, day date)`,
      `create table sp_notes (id varchar(36) primary key, post integer references sp_posts(id),
        body text, date_created timestamptz, date_updated timestamptz, user_created uuid,
        user_updated uuid)`,
    ],
    fields: [
      ...auto('sp_posts'),
      { collection: 'sp_posts', field: 'day', special: ['date-created'] },
      { collection: 'sp_posts', field: 'notes', special: ['o2m'] },
      ...auto('sp_notes'),
      { collection: 'sp_notes', field: 'id', special: ['uuid'] },
    ],
    relations: [
      {
        many_collection: 'sp_notes',
        many_field: 'post',
        one_collection: 'sp_posts',
        one_field: 'notes',
      },
    ],
  });
  admin = await app.adminToken();
  adminId = (await as(admin).get('/api/users/me')).body.data.id;
  const user = await createPermittedUser(
    ['sp_posts', 'sp_notes'].flatMap((collection) =>
      (['create', 'read', 'update'] as const).map((action) => ({ collection, action })),
    ),
  );
  editorId = user.id;
  editor = await app.login(user.email, user.password);
});

describe('a single write', () => {
  it('sets the created values on create, whatever the payload says', async () => {
    const res = await as(editor).post('/api/items/sp_posts', {
      title: 'First',
      date_created: LONG_AGO,
      user_created: SOMEONE,
    });
    expect(res.status).toBe(201);
    const post = res.body.data;
    expect(recent(post.date_created)).toBe(true);
    expect(post).toMatchObject({ user_created: editorId, date_updated: null, user_updated: null });
    expect(post.day).toBe(new Date().toISOString().slice(0, 10));
    const before = (await rows('sp_posts')).length;
    const anonymous = await as(undefined).post('/api/items/sp_posts', { title: 'Nobody' });
    expect(anonymous.status).toBe(401);
    expect((await rows('sp_posts')).length).toBe(before);
  });

  it('sets the updated values on update and keeps the created ones', async () => {
    const created = (await as(admin).post('/api/items/sp_posts', { title: 'Before' })).body.data;
    const res = await as(editor).patch(`/api/items/sp_posts/${created.id}`, {
      title: 'After',
      date_updated: LONG_AGO,
      user_updated: SOMEONE,
    });
    expect(res.status).toBe(200);
    expect(recent(res.body.data.date_updated)).toBe(true);
    expect(res.body.data).toMatchObject({
      title: 'After',
      user_updated: editorId,
      user_created: adminId,
      date_created: created.date_created,
    });
  });

  it('gives an empty uuid primary key a value and keeps a given one', async () => {
    const made = await as(admin).post('/api/items/sp_notes', { body: 'no key' });
    expect(made.status).toBe(201);
    expect(made.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const given = '5b1c2a4e-9a53-4f0e-9f1b-7f7a9d1e2c33';
    const kept = await as(admin).post('/api/items/sp_notes', { id: given, body: 'with key' });
    expect(kept.body.data.id).toBe(given);
  });
});

describe('batch, nested, import and promote', () => {
  it('applies them to every item of a batch create and a batch update', async () => {
    const res = await as(editor).post('/api/items/sp_posts', [{ title: 'A' }, { title: 'B' }]);
    expect(res.status).toBe(201);
    for (const p of res.body.data) {
      expect(recent(p.date_created)).toBe(true);
      expect(p.user_created).toBe(editorId);
    }
    const keys = res.body.data.map((p: { id: number }) => p.id);
    const upd = await as(admin).patch(`/api/items/sp_posts?filter[id][_in]=${keys.join(',')}`, {
      title: 'C',
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.updated).toBe(2);
    const after = await as(admin).get(`/api/items/sp_posts?filter[id][_in]=${keys.join(',')}`);
    for (const p of after.body.data) {
      expect(recent(p.date_updated)).toBe(true);
      expect(p.user_updated).toBe(adminId);
    }
  });

  it('applies them to the related items of a nested write', async () => {
    const res = await as(editor).post('/api/items/sp_posts?fields=*,notes.*', {
      title: 'With notes',
      notes: [{ body: 'one', user_created: SOMEONE }],
    });
    expect(res.status).toBe(201);
    const [note] = res.body.data.notes;
    expect(note.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(recent(note.date_created)).toBe(true);
    expect(note.user_created).toBe(editorId);
    const upd = await as(admin).patch(`/api/items/sp_posts/${res.body.data.id}?fields=notes.*`, {
      notes: [{ id: note.id, body: 'one, edited' }],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.notes[0]).toMatchObject({ user_updated: adminId, user_created: editorId });
  });

  it('applies them to imported items', async () => {
    const form = new FormData();
    const data = JSON.stringify([{ title: 'Imported', date_created: LONG_AGO }]);
    form.append('file', new Blob([data], { type: 'application/json' }), 'rows');
    const encoded = new Response(form);
    const res = await app.request('/api/utils/import/sp_posts', {
      method: 'POST',
      token: admin,
      rawBody: await encoded.text(),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(res.status).toBe(204);
    const imported = (await rows('sp_posts')).find((r) => r.title === 'Imported')!;
    expect(recent(imported.date_created)).toBe(true);
    expect(imported.user_created).toBe(adminId);
  });

  it('applies the updated values when a version is promoted', async () => {
    const post = (await as(editor).post('/api/items/sp_posts', { title: 'Main' })).body.data;
    const version = await as(admin).post('/api/versions', {
      key: 'next',
      name: 'Next',
      collection: 'sp_posts',
      item: post.id,
    });
    expect(version.status).toBe(201);
    const id = version.body.data.id;
    await as(admin).post(`/api/versions/${id}/save`, { title: 'Promoted' });
    const { mainHash } = (await as(admin).get(`/api/versions/${id}/compare`)).body.data;
    expect((await as(admin).post(`/api/versions/${id}/promote`, { mainHash })).status).toBe(200);
    const main = (await as(admin).get(`/api/items/sp_posts/${post.id}`)).body.data;
    expect(main).toMatchObject({
      title: 'Promoted',
      user_updated: adminId,
      user_created: editorId,
    });
    expect(recent(main.date_updated)).toBe(true);
  });
});

describe('uploaded files', () => {
  it('record who uploaded them and take a title from the file name unless given one', async () => {
    const upload = (fields: Record<string, string>) =>
      app.request('/api/files', {
        method: 'POST',
        token: admin,
        form: formWith(fields, { bytes: Buffer.from('x'), filename: 'red-square_v2.png' }),
      });
    const bytes = await pngBytes(4, 4);
    const res = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith({}, { bytes, filename: 'red-square_v2.png' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Red Square V2', uploaded_by: adminId });
    const titled = await upload({ title: 'My own title' });
    expect(titled.body.data.title).toBe('My own title');
  });
});
