import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { count, defineSchema, rows } from './write-fixture';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table wn_authors (id serial primary key, name text not null)`,
      `create table wn_posts (id serial primary key, title text, author integer references wn_authors(id))`,
      `create table wn_comments (id serial primary key, body text not null, post integer references wn_posts(id))`,
      `create table wn_notes (id serial primary key, body text, post integer references wn_posts(id))`,
      `create table wn_tags (id serial primary key, name text not null)`,
      `create table wn_posts_tags (id serial primary key, post_id integer not null references wn_posts(id), tag_id integer references wn_tags(id))`,
    ],
    fields: [
      { collection: 'wn_posts', field: 'comments', special: ['o2m'] },
      { collection: 'wn_posts', field: 'notes', special: ['o2m'] },
      { collection: 'wn_posts', field: 'tags', special: ['m2m'] },
    ],
    relations: [
      { many_collection: 'wn_posts', many_field: 'author', one_collection: 'wn_authors' },
      {
        many_collection: 'wn_comments',
        many_field: 'post',
        one_collection: 'wn_posts',
        one_field: 'comments',
        one_deselect_action: 'nullify',
      },
      {
        many_collection: 'wn_notes',
        many_field: 'post',
        one_collection: 'wn_posts',
        one_field: 'notes',
        one_deselect_action: 'delete',
      },
      {
        many_collection: 'wn_posts_tags',
        many_field: 'post_id',
        one_collection: 'wn_posts',
        one_field: 'tags',
        junction_field: 'tag_id',
      },
      {
        many_collection: 'wn_posts_tags',
        many_field: 'tag_id',
        one_collection: 'wn_tags',
        junction_field: 'post_id',
      },
    ],
  });
});

async function post(collection: string, body: unknown) {
  return app.request(`/api/items/${collection}`, { method: 'POST', token, body });
}
async function patch(collection: string, id: unknown, body: unknown) {
  return app.request(`/api/items/${collection}/${id}`, { method: 'PATCH', token, body });
}
const byId = async (table: string, id: unknown) => (await rows(table)).find((r) => r.id === id);
const children = async (table: string, field: string, id: unknown) =>
  (await rows(table)).filter((r) => r[field] === id);

describe('nested writes in one payload', () => {
  it('creates the related author, the comments and the tags with their junction rows', async () => {
    const existing = await post('wn_tags', { name: 'existing' });
    const res = await post('wn_posts', {
      title: 'Nested',
      author: { name: 'New author' },
      comments: [{ body: 'first' }, { body: 'second' }],
      tags: [{ tag_id: { name: 'fresh' } }, { tag_id: existing.body.data.id }],
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    const stored = await byId('wn_posts', id);
    expect((await byId('wn_authors', stored?.author))?.name).toBe('New author');
    expect((await children('wn_comments', 'post', id)).map((c) => c.body)).toEqual([
      'first',
      'second',
    ]);
    const junction = await children('wn_posts_tags', 'post_id', id);
    const tagNames = await Promise.all(
      junction.map(async (j) => (await byId('wn_tags', j.tag_id))?.name),
    );
    expect(tagNames).toEqual(['fresh', 'existing']);
  });

  it('links an author by key and updates an author given with its key', async () => {
    const author = await post('wn_authors', { name: 'Old name' });
    const linked = await post('wn_posts', { title: 'Linked', author: author.body.data.id });
    expect((await byId('wn_posts', linked.body.data.id))?.author).toBe(author.body.data.id);
    const authors = await count('wn_authors');
    const res = await patch('wn_posts', linked.body.data.id, {
      author: { id: author.body.data.id, name: 'New name' },
    });
    expect(res.status).toBe(200);
    expect((await byId('wn_authors', author.body.data.id))?.name).toBe('New name');
    expect(await count('wn_authors')).toBe(authors);
  });

  it('replaces o2m children: keeps listed keys, updates objects, creates new, detaches or deletes the rest', async () => {
    const made = await post('wn_posts', {
      title: 'Children',
      comments: [{ body: 'c1' }, { body: 'c2' }, { body: 'c3' }],
      notes: [{ body: 'n1' }, { body: 'n2' }],
    });
    const id = made.body.data.id;
    const [c1, c2, c3] = await children('wn_comments', 'post', id);
    const [n1, n2] = await children('wn_notes', 'post', id);
    const res = await patch('wn_posts', id, {
      comments: [c1.id, { id: c2.id, body: 'c2 edited' }, { body: 'c4' }],
      notes: [n1.id],
    });
    expect(res.status).toBe(200);
    expect((await children('wn_comments', 'post', id)).map((c) => c.body)).toEqual([
      'c1',
      'c2 edited',
      'c4',
    ]);
    expect(await byId('wn_comments', c3.id)).toMatchObject({ body: 'c3', post: null });
    expect(await byId('wn_notes', n2.id)).toBeUndefined();
  });

  it('applies the {create, update, delete} form to only the children it names', async () => {
    const made = await post('wn_posts', {
      title: 'Detailed',
      comments: [{ body: 'a' }, { body: 'b' }],
    });
    const id = made.body.data.id;
    const [a, b] = await children('wn_comments', 'post', id);
    const res = await patch('wn_posts', id, {
      comments: { create: [{ body: 'c' }], update: [{ id: a.id, body: 'a2' }], delete: [b.id] },
    });
    expect(res.status).toBe(200);
    expect((await children('wn_comments', 'post', id)).map((c) => c.body)).toEqual(['a2', 'c']);
    expect(await byId('wn_comments', b.id)).toMatchObject({ post: null });
  });

  it('removes junction rows of tags no longer listed, leaving the tags', async () => {
    const made = await post('wn_posts', {
      title: 'Tagged',
      tags: [{ tag_id: { name: 't1' } }, { tag_id: { name: 't2' } }],
    });
    const id = made.body.data.id;
    const [j1, j2] = await children('wn_posts_tags', 'post_id', id);
    const res = await patch('wn_posts', id, { tags: [j1.id] });
    expect(res.status).toBe(200);
    expect((await children('wn_posts_tags', 'post_id', id)).map((j) => j.id)).toEqual([j1.id]);
    expect(await byId('wn_posts_tags', j2.id)).toBeUndefined();
    expect(await byId('wn_tags', j2.tag_id)).toMatchObject({ name: 't2' });
  });

  it('rolls everything back when a nested part is invalid', async () => {
    const before = await Promise.all(
      ['wn_posts', 'wn_authors', 'wn_comments', 'wn_tags', 'wn_posts_tags'].map(count),
    );
    const res = await post('wn_posts', {
      title: 'Doomed',
      author: { name: 'Doomed author' },
      tags: [{ tag_id: { name: 'doomed tag' } }],
      comments: [{ body: 'fine' }, { body: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.stringContaining('"body"'),
      code: 'FAILED_VALIDATION',
      extensions: expect.objectContaining({ field: 'body', type: 'required' }),
    });
    const after = await Promise.all(
      ['wn_posts', 'wn_authors', 'wn_comments', 'wn_tags', 'wn_posts_tags'].map(count),
    );
    expect(after).toEqual(before);
  });

  it('records activity for the nested items too', async () => {
    const res = await post('wn_posts', { title: 'Audited', author: { name: 'Audited author' } });
    const author = (await byId('wn_posts', res.body.data.id))?.author;
    const activity = await rows('daas_activity');
    expect(
      activity.find((a) => a.collection === 'wn_authors' && a.item === String(author)),
    ).toMatchObject({
      action: 'create',
    });
  });
});
