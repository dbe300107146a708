import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { formWith, pngBytes } from './fixtures';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const collection = await app.request('/api/collections', {
    method: 'POST',
    token: admin,
    body: {
      collection: 'posts',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string' },
        { field: 'cover', type: 'uuid', meta: { interface: 'file-image', special: ['file'] } },
      ],
    },
  });
  expect(collection.status).toBe(201);
  const relation = await app.request('/api/relations', {
    method: 'POST',
    token: admin,
    body: { collection: 'posts', field: 'cover', related_collection: 'daas_files' },
  });
  expect(relation.status).toBe(201);
});

describe.each(STORAGE_DRIVERS)('an image field to daas_files on %s storage', (driver) => {
  storeFilesWith(driver);

  it('links an uploaded file and reads its metadata through the relation, as permitted', async () => {
    const up = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith({ title: 'Hero' }, { bytes: await pngBytes(80, 40), filename: 'hero.png' }),
    });
    const post = await app.request('/api/items/posts', {
      method: 'POST',
      token: admin,
      body: { title: 'First', cover: up.body.data.id },
    });
    expect(post.status).toBe(201);
    const read = await app.request(
      `/api/items/posts/${post.body.data.id}?fields=title,cover.id,cover.width,cover.type`,
      { token: admin },
    );
    expect(read.body.data).toEqual({
      title: 'First',
      cover: { id: up.body.data.id, width: 80, type: 'image/png' },
    });
    const reader = await createPermittedUser([
      { collection: 'posts', action: 'read' },
      { collection: 'daas_files', action: 'read', fields: ['id', 'title'] },
    ]);
    const token = await app.login(reader.email, reader.password);
    const limited = await app.request(`/api/items/posts/${post.body.data.id}?fields=cover.title`, {
      token,
    });
    expect(limited.body.data).toEqual({ cover: { title: 'Hero' } });
    const refused = await app.request(`/api/items/posts/${post.body.data.id}?fields=cover.width`, {
      token,
    });
    expect(refused.status).toBe(403);
  });

  it('keeps the item when its file is deleted, with the link cleared', async () => {
    const up = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith({}, { bytes: 'x', filename: 'x.txt' }),
    });
    const post = await app.request('/api/items/posts', {
      method: 'POST',
      token: admin,
      body: { title: 'Second', cover: up.body.data.id },
    });
    await app.request(`/api/files/${up.body.data.id}`, { method: 'DELETE', token: admin });
    const read = await app.request(`/api/items/posts/${post.body.data.id}`, { token: admin });
    expect(read.body.data.cover).toBeNull();
  });
});
