import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let reader: string;
let union: string;

/** Published articles without body/views; authors without bio; no comments, no countries. */
const READER = [
  {
    collection: 'articles',
    action: 'read' as const,
    fields: ['id', 'title', 'status', 'author', 'tags', 'comments', 'published'],
    permissions: { status: { _eq: 'published' } },
  },
  { collection: 'authors', action: 'read' as const, fields: ['id', 'name', 'articles'] },
  { collection: 'articles_tags', action: 'read' as const },
  { collection: 'tags', action: 'read' as const },
];

beforeAll(async () => {
  await createItemsFixture();
  const user = await createPermittedUser(READER);
  reader = await app.login(user.email, user.password);
  const both = await createPermittedUser(
    [
      {
        collection: 'articles',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { status: { _eq: 'published' } },
      },
    ],
    [
      {
        collection: 'articles',
        action: 'read',
        fields: ['id', 'views'],
        permissions: { status: { _eq: 'draft' } },
      },
    ],
  );
  union = await app.login(both.email, both.password);
});

const get = (path: string, token = reader) => app.request(path, { token });

describe('item reads under read permissions', () => {
  it('returns only rows the item filter allows, without unreadable fields', async () => {
    const res = await get('/api/items/articles?sort=id');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2, 4]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['author', 'id', 'published', 'status', 'title'].sort(),
    );
    expect(res.body.meta.total_count).toBe(3);
  });

  it('answers 403 FORBIDDEN for a collection without read permission, or an unknown one', async () => {
    for (const name of ['comments', 'countries', 'no_such_collection']) {
      const res = await get(`/api/items/${name}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: 'FORBIDDEN' });
    }
  });

  it('answers 401 Not authenticated to an anonymous caller', async () => {
    const res = await app.request('/api/items/articles');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Not authenticated');
  });

  it('answers 404 alike for an item the filter hides and one that does not exist', async () => {
    const hidden = await get('/api/items/articles/3');
    const absent = await get('/api/items/articles/999');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(absent.body);
    expect((await get('/api/items/articles/1')).body.data.title).toBe('Engines of thought');
  });

  it.each([
    ['fields', 'fields=id,body'],
    ['filter', 'filter[views][_gt]=0'],
    ['sort', 'sort=-views'],
    ['aggregate', 'aggregate[sum]=views'],
    ['groupBy', 'aggregate[count]=id&groupBy=body'],
    ['alias', 'alias[x]=body&fields=x'],
    ['function argument', 'fields=json(data,topic)'],
    ['deep filter', 'fields=id,author.name&deep[author][_filter][bio][_null]=true'],
    ['relational field', 'fields=author.bio'],
    ['relational filter', 'filter[author][bio][_nnull]=true'],
    ['unreadable related collection', 'fields=comments.body'],
  ])('answers 403 when an unreadable field is named in %s', async (_name, query) => {
    const res = await get(`/api/items/articles?${query}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('does not search unreadable fields', async () => {
    // "Analytical" appears only in the body of article 1.
    const res = await get('/api/items/articles?search=Analytical');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('leaves an unreadable related collection out of *.*', async () => {
    const res = await get('/api/items/articles/1?fields=*.*');
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('comments');
    expect(res.body.data.author).toEqual({ id: 1, name: 'Ada' });
    expect(res.body.data.tags).toEqual([
      expect.objectContaining({ article_id: 1 }),
      expect.objectContaining({ article_id: 1 }),
      expect.objectContaining({ article_id: 1 }),
    ]);
  });

  it('applies the related item filter inside nested reads', async () => {
    const res = await get('/api/items/authors/2?fields=name,articles.id');
    expect(res.body.data).toEqual({ name: 'Grace', articles: [{ id: 2 }] });
  });

  it('applies the related item filter inside relational filters', async () => {
    // Compilers 101 is Grace's draft: the filter cannot test it.
    const res = await get('/api/items/authors?filter[articles][title][_eq]=Compilers%20101');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const seen = await get('/api/items/authors?filter[articles][title][_eq]=Debugging%20moths');
    expect(seen.body.data.map((a: { id: number }) => a.id)).toEqual([2]);
  });

  it('counts only related rows the caller can read in count()', async () => {
    const res = await get('/api/items/authors?fields=id,count(articles)&sort=id');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, articles_count: 1 },
      { id: 2, articles_count: 1 },
      { id: 3, articles_count: 1 },
    ]);
    const comments = await get('/api/items/articles/1?fields=count(comments)');
    expect(comments.body.data).toEqual({ comments_count: 0 });
  });

  it('limits aggregates to rows the item filter allows', async () => {
    const res = await get('/api/items/articles?aggregate[count]=id');
    expect(res.body.data).toEqual([{ count: { id: 3 } }]);
  });

  it('unites the rows of every policy of the caller, each field on its own policy rows', async () => {
    const res = await get('/api/items/articles?sort=id&fields=id,title,views', union);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2, 3, 4]);
    expect(res.body.data[0]).toEqual({ id: 1, title: 'Engines of thought', views: null });
    expect(res.body.data[2]).toEqual({ id: 3, title: null, views: 5 });
    expect((await get('/api/items/articles?fields=body', union)).status).toBe(403);
  });
});
