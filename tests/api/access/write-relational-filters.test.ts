import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from '../items/write-fixture';

/**
 * Specification, v0.1.97: "write policies with _has or relation paths enforced on
 * updates/deletes". An update or delete item filter that reaches through a many-to-one
 * path (`{author: {name: ...}}`) or quantifies a one-to-many (`_some` / `_none`) decides
 * which rows a non-admin may change, on single, batch and filter writes alike. A row
 * outside the filter answers 404 (it must look the same as a missing one).
 */
const app = setupTestApp();
let editor: string;

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table rwf_authors (id serial primary key, name text)`,
      `create table rwf_posts (id serial primary key, title text, author integer references rwf_authors(id))`,
      `create table rwf_comments (id serial primary key, post integer references rwf_posts(id) on delete cascade, body text)`,
    ],
    fields: [{ collection: 'rwf_posts', field: 'comments', special: ['o2m'] }],
    relations: [
      { many_collection: 'rwf_posts', many_field: 'author', one_collection: 'rwf_authors' },
      {
        many_collection: 'rwf_comments',
        many_field: 'post',
        one_collection: 'rwf_posts',
        one_field: 'comments',
      },
    ],
  });
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('kysely');
  const db = getDb();
  await sql`insert into rwf_authors (id, name) values (1, 'alice'), (2, 'bob')`.execute(db);
  await sql`insert into rwf_posts (id, title, author) values
    (1, 'a1', 1), (2, 'a2', 1), (3, 'b1', 2), (4, 'b2', 2), (5, 'a3', 1), (6, 'b3', 2)`.execute(db);
  await sql`insert into rwf_comments (post, body) values
    (1, 'flagged'), (3, 'flagged'), (4, 'fine'), (5, 'fine')`.execute(db);
  const user = await createPermittedUser([
    { collection: 'rwf_posts', action: 'read' },
    { collection: 'rwf_authors', action: 'read' },
    {
      collection: 'rwf_posts',
      action: 'update',
      fields: ['title'],
      permissions: { author: { name: { _eq: 'alice' } } },
    },
    {
      collection: 'rwf_posts',
      action: 'delete',
      permissions: {
        _and: [
          { author: { name: { _eq: 'bob' } } },
          { comments: { _none: { body: { _eq: 'flagged' } } } },
        ],
      },
    },
  ]);
  editor = await app.login(user.email, user.password);
});

const post = async (id: number) => (await rows('rwf_posts')).find((r) => r.id === id);
const q = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('write policies whose item filter uses relation paths', () => {
  it('updates a post whose author matches the many-to-one path', async () => {
    const res = await app.request('/api/items/rwf_posts/1', {
      method: 'PATCH',
      token: editor,
      body: { title: 'a1 edited' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('a1 edited');
  });

  it('answers 404 to an update of a post by another author and changes nothing', async () => {
    const res = await app.request('/api/items/rwf_posts/3', {
      method: 'PATCH',
      token: editor,
      body: { title: 'hijacked' },
    });
    expect(res.status).toBe(404);
    expect((await post(3))?.title).toBe('b1');
  });

  it('batch-updates by keys only the posts the relation path reaches', async () => {
    const res = await app.request(`/api/items/rwf_posts?${q({ id: { _in: [2, 3, 4] } })}`, {
      method: 'PATCH',
      token: editor,
      body: { title: 'batched' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, keys: [2] });
    expect((await post(3))?.title).toBe('b1');
    expect((await post(4))?.title).toBe('b2');
  });

  it('batch-updates by a relational query only inside the policy', async () => {
    const res = await app.request(
      `/api/items/rwf_posts?${q({ comments: { _some: { body: { _eq: 'fine' } } } })}`,
      { method: 'PATCH', token: editor, body: { title: 'commented' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, keys: [5] });
    expect((await post(4))?.title).toBe('b2');
  });

  it('refuses a PUT over a post outside the policy without changing it', async () => {
    const res = await app.request('/api/items/rwf_posts/4', {
      method: 'PUT',
      token: editor,
      body: { title: 'upserted' },
    });
    expect(res.status).toBe(403);
    expect((await post(4))?.title).toBe('b2');
  });

  it('deletes a post whose author matches and that has no flagged comment', async () => {
    const res = await app.request('/api/items/rwf_posts/4', { method: 'DELETE', token: editor });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, id: 4 });
    expect(await post(4)).toBeUndefined();
  });

  it('answers 404 to deleting a post with a flagged comment (the _none quantifier)', async () => {
    const res = await app.request('/api/items/rwf_posts/3', { method: 'DELETE', token: editor });
    expect(res.status).toBe(404);
    expect(await post(3)).toBeDefined();
  });

  it('answers 404 to deleting a post by another author', async () => {
    const res = await app.request('/api/items/rwf_posts/2', { method: 'DELETE', token: editor });
    expect(res.status).toBe(404);
    expect(await post(2)).toBeDefined();
  });

  it('batch-deletes by keys and by query only the posts the policy reaches', async () => {
    const byKeys = await app.request(`/api/items/rwf_posts?${q({ id: { _in: [1, 3, 6] } })}`, {
      method: 'DELETE',
      token: editor,
    });
    expect(byKeys.status).toBe(200);
    expect(byKeys.body.data).toEqual({ deleted: 1, keys: [6] });
    const byQuery = await app.request(`/api/items/rwf_posts?${q({ title: { _nnull: true } })}`, {
      method: 'DELETE',
      token: editor,
    });
    expect(byQuery.body.data).toEqual({ deleted: 0, keys: [] });
    expect((await rows('rwf_posts')).map((r) => r.id)).toEqual([1, 2, 3, 5]);
  });

  it('fails closed on an item filter with `_has`, which no operator defines', async () => {
    const user = await createPermittedUser([
      { collection: 'rwf_posts', action: 'read' },
      {
        collection: 'rwf_posts',
        action: 'update',
        permissions: { comments: { _has: { body: { _eq: 'fine' } } } },
      },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await app.request('/api/items/rwf_posts/5', {
      method: 'PATCH',
      token,
      body: { title: 'through _has' },
    });
    expect(res.status).toBe(400);
    expect((await post(5))?.title).not.toBe('through _has');
  });

  it('lets an administrator change rows outside any item filter', async () => {
    const admin = await app.adminToken();
    const res = await app.request('/api/items/rwf_posts/3', {
      method: 'PATCH',
      token: admin,
      body: { title: 'admin' },
    });
    expect(res.status).toBe(200);
    expect((await post(3))?.title).toBe('admin');
  });

  it('answers 401 to an anonymous update and delete', async () => {
    const patch = await app.request('/api/items/rwf_posts/1', {
      method: 'PATCH',
      body: { title: 'anon' },
    });
    expect(patch.status).toBe(401);
    const del = await app.request('/api/items/rwf_posts/1', { method: 'DELETE' });
    expect(del.status).toBe(401);
    expect(await post(1)).toBeDefined();
  });
});
