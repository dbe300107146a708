import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
});

const get = (path: string) => app.request(path, { token: admin.token });

describe('GET /api/items/:collection fields', () => {
  it('returns every column for *, without alias fields', async () => {
    const res = await get('/api/items/articles?sort=id');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      [
        'author',
        'body',
        'code',
        'data',
        'featured',
        'id',
        'published',
        'status',
        'title',
        'views',
      ].sort(),
    );
    expect(res.body.data[0]).toMatchObject({
      id: 1,
      title: 'Engines of thought',
      author: 1,
      views: 10,
      featured: true,
      data: { topic: 'mechanics', pages: 12 },
      published: '2024-03-01T12:00:00.000Z',
    });
  });

  it('reads a many-to-one as an object and nests a second hop', async () => {
    const res = await get(
      '/api/items/articles?fields=id,author.name,author.country.name&sort=id&limit=2',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, author: { name: 'Ada', country: { name: 'Norway' } } },
      { id: 2, author: { name: 'Grace', country: { name: 'Chile' } } },
    ]);
  });
});

describe('GET /api/items/:collection relations', () => {
  it('reads a one-to-many as an array in the relation sort order', async () => {
    const res = await get(
      '/api/items/articles?fields=id,comments.body&filter[id][_in]=1,5&sort=id',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, comments: [{ body: 'second' }, { body: 'first' }, { body: 'third' }] },
      { id: 5, comments: [] },
    ]);
  });

  it('reads a many-to-many through the junction, three levels deep', async () => {
    const res = await get(
      '/api/items/authors?fields=name,articles.title,articles.tags.tag_id.name&filter[id][_eq]=1',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        name: 'Ada',
        articles: [
          {
            title: 'Engines of thought',
            tags: [
              { tag_id: { name: 'history' } },
              { tag_id: { name: 'computing' } },
              { tag_id: { name: 'hardware' } },
            ],
          },
        ],
      },
    ]);
  });

  it('returns related keys for a to-many field named alone', async () => {
    const res = await get('/api/items/articles?fields=id,comments&filter[id][_eq]=1');
    expect(res.body.data).toEqual([{ id: 1, comments: [2, 1, 3] }]);
  });

  it('expands every relation one level with *.*', async () => {
    const res = await get('/api/items/articles?fields=*.*&filter[id][_eq]=2');
    expect(res.status).toBe(200);
    const item = res.body.data[0];
    expect(item.title).toBe('Debugging moths');
    expect(item.author).toMatchObject({ id: 2, name: 'Grace', country: 2 });
    expect(item.comments).toEqual([{ id: 4, article: 2, body: 'only', sort: 1 }]);
    expect(item.tags).toHaveLength(1);
    expect(item.tags[0]).toMatchObject({ article_id: 2, tag_id: 2 });
  });

  it('applies deep filter, sort, limit and offset to a nested relation', async () => {
    const deep = encodeURIComponent(
      JSON.stringify({ comments: { _sort: ['-sort'], _limit: 2, _offset: 1 } }),
    );
    const res = await get(
      `/api/items/articles?fields=id,comments.body&filter[id][_eq]=1&deep=${deep}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 1, comments: [{ body: 'first' }, { body: 'second' }] }]);
    const filtered = await get(
      '/api/items/articles?fields=id,comments.body&filter[id][_eq]=1&deep[comments][_filter][body][_eq]=third',
    );
    expect(filtered.body.data).toEqual([{ id: 1, comments: [{ body: 'third' }] }]);
  });

  it('reads a nested relation with the fields deep[field][_fields] names', async () => {
    const res = await get(
      '/api/items/articles?fields=id,comments,author&filter[id][_eq]=1&deep[comments][_fields]=body&deep[comments][_sort]=sort&deep[author][_fields]=name,country.name',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: 1,
        comments: [{ body: 'second' }, { body: 'first' }, { body: 'third' }],
        author: { name: 'Ada', country: { name: 'Norway' } },
      },
    ]);
    const unknown = await get(
      '/api/items/articles?fields=id,comments&deep[comments][_fields]=nope',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('nope');
  });

  it('filters through a relation without duplicating parents', async () => {
    const res = await get(
      '/api/items/articles?fields=id&filter[tags][tag_id][name][_in]=computing,hardware&sort=id',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
  });

  it('renames a field with alias and reads through the alias', async () => {
    const res = await get(
      '/api/items/articles?fields=id,writer.name,heading&alias[writer]=author&alias[heading]=title&filter[id][_eq]=1',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, writer: { name: 'Ada' }, heading: 'Engines of thought' },
    ]);
  });

  it('returns function fields named <field>_<function>', async () => {
    const res = await get(
      '/api/items/articles?fields=id,year(published),count(tags)&filter[id][_eq]=1',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 1, published_year: 2024, tags_count: 3 }]);
  });

  it('gives a field the same JSON value at the root and nested', async () => {
    const root = await get(
      '/api/items/authors?fields=joined,born,rating,big,settings&sort=id&limit=2',
    );
    const nested = await get(
      '/api/items/articles?fields=author.joined,author.born,author.rating,author.big,author.settings&filter[id][_in]=1,2&sort=id',
    );
    expect(root.body.data).toEqual([
      {
        joined: '2026-01-01T10:00:00.000Z',
        born: '1815-12-10',
        rating: '4.50',
        big: '9007199254740993',
        settings: { theme: 'dark' },
      },
      {
        joined: '2026-02-03T02:05:06.789Z',
        born: '1906-12-09',
        rating: '3.25',
        big: 42,
        settings: null,
      },
    ]);
    expect(nested.body.data.map((a: { author: unknown }) => a.author)).toEqual(root.body.data);
  });

  it('answers 400 naming an unknown field', async () => {
    const res = await get('/api/items/articles?fields=nope');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY');
    expect(res.body.error).toContain('nope');
  });
});

describe('one statement per read', () => {
  async function statements(path: string): Promise<{ status: number; body: any; sent: string[] }> {
    const { observeQueries } = await import('@/lib/db/client');
    await get('/api/items/articles?limit=1'); // warm the schema cache
    const seen: string[] = [];
    const stop = observeQueries((s) => seen.push(s));
    const res = await get(path);
    stop();
    // What authentication sends never names the collection read; the write trigger a first
    // read puts on the table in the background may land during this one, and is not the read.
    const read = (s: string) => s.includes('"articles"') && !/^\s*create trigger/i.test(s);
    return { ...res, sent: seen.filter(read) };
  }
  const relational =
    '/api/items/articles?fields=id,author.name,author.country.name,comments.body,tags.tag_id.name&sort=id';

  it('reads m2o, o2m and m2m fields and meta with exactly one statement by default', async () => {
    const res = await statements(`${relational}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0].tags).toHaveLength(3);
    expect(res.body.data[0].author).toEqual({ name: 'Ada', country: { name: 'Norway' } });
    expect(res.body.meta).toMatchObject({ total: 5, total_count: 5, total_estimated: false });
    expect(res.sent).toHaveLength(1);
  });

  it('counts exactly in the same one statement with count=exact and a filter', async () => {
    const res = await statements(`${relational}&limit=1&count=exact&filter[views][_gt]=0`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.meta.total_count).toBe(5);
    expect(res.body.meta.total).toBeGreaterThan(1);
    expect(res.sent).toHaveLength(1);
  });

  it('adds one EXPLAIN for count=planned, which a statement cannot fold in', async () => {
    const res = await statements(`${relational}&count=planned`);
    expect(res.status).toBe(200);
    expect(res.body.data[0].tags).toHaveLength(3);
    // total is settled by the short page; total_count is the planner's.
    expect(res.sent.filter((s) => s.startsWith('explain'))).toHaveLength(1);
    expect(res.sent).toHaveLength(2);
  });

  it('answers meta.filter_count when meta=filter_count asks for it', async () => {
    const res = await get('/api/items/articles?limit=1&meta=filter_count&filter[id][_lte]=3');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ filter_count: 3, total: 3, total_count: 5 });
    const plain = await get('/api/items/articles?limit=1');
    expect(plain.body.meta).not.toHaveProperty('filter_count');
  });
});

describe('GET /api/items/:collection/:id', () => {
  it('returns one item with relational fields', async () => {
    const res = await get('/api/items/articles/2?fields=title,author.name');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { title: 'Debugging moths', author: { name: 'Grace' } } });
  });

  it('answers 404 Item not found for a missing, hidden or malformed key', async () => {
    for (const path of [
      '/api/items/articles/999',
      '/api/items/articles/abc',
      '/api/items/articles/1?filter[status][_eq]=draft',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
    }
  });

  it('merges a content version delta, and answers 404 for an unknown version', async () => {
    const { getDb } = await import('@/lib/db/client');
    await getDb()
      .insertInto('daas_versions' as never)
      .values({
        key: 'draft-1',
        collection: 'articles',
        item: '2',
        delta: JSON.stringify({ title: 'Moths, revised' }),
      } as never)
      .execute();
    const res = await get('/api/items/articles/2?version=draft-1&fields=id,title,status');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 2, title: 'Moths, revised', status: 'published' });
    const missing = await get('/api/items/articles/2?version=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});

describe('who may read', () => {
  it('answers 404 for an unknown collection and 403 for a system one', async () => {
    const unknown = await get('/api/items/no_such_table');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const system = await get('/api/items/daas_users');
    expect(system.status).toBe(403);
    expect(system.body.code).toBe('FORBIDDEN');
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/items/articles');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not authenticated', code: 'UNAUTHENTICATED' });
  });
});
