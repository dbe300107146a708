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
