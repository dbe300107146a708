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

describe('aggregate', () => {
  it('answers count, countAll, sum, avg, min and max in the Directus shape', async () => {
    const res = await get(
      '/api/items/articles?aggregate[count]=id,published&aggregate[countAll]=*&aggregate[sum]=views&aggregate[avg]=views&aggregate[min]=published&aggregate[max]=views',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          count: { id: 5, published: 4 },
          countAll: { '*': 5 },
          sum: { views: 65 },
          avg: { views: 13 },
          min: { published: '2022-01-01T00:00:00.000Z' },
          max: { views: 30 },
        },
      ],
    });
  });

  // Specification, Items: "countAll counts all rows and takes * as the field. Response:
  // {data: [ {<fn>: {<field>: number}, <groupBy field>: value} ]}": * is a field like any.
  it('answers count=* in the {<fn>: {<field>: n}} shape and counts distinct values', async () => {
    const res = await get(
      '/api/items/articles?aggregate[count]=*&aggregate[countDistinct]=status&aggregate[sumDistinct]=views',
    );
    expect(res.body.data).toEqual([
      { count: { '*': 5 }, countDistinct: { status: 3 }, sumDistinct: { views: 65 } },
    ]);
  });

  it('groups by a field and filters with _in and _nin', async () => {
    const res = await get(
      '/api/items/articles?aggregate[count]=*&aggregate[sum]=views&groupBy=status&filter[status][_nin]=archived',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { count: { '*': 1 }, sum: { views: 5 }, status: 'draft' },
      { count: { '*': 3 }, sum: { views: 60 }, status: 'published' },
    ]);
    const only = await get('/api/items/articles?aggregate[count]=*&filter[author][_in]=1,2');
    expect(only.body.data).toEqual([{ count: { '*': 3 } }]);
  });

  it('groups by a function and by a many-to-one path', async () => {
    const byYear = await get(
      '/api/items/articles?aggregate[count]=id&groupBy=year(published)&filter[published][_nnull]=true',
    );
    expect(byYear.body.data).toEqual([
      { count: { id: 1 }, 'year(published)': 2022 },
      { count: { id: 1 }, 'year(published)': 2023 },
      { count: { id: 2 }, 'year(published)': 2024 },
    ]);
    const byAuthor = await get(
      '/api/items/articles?aggregate[sum]=views&groupBy=author.name,author',
    );
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body.data).toEqual([
      { sum: { views: 10 }, 'author.name': 'Ada', author: 1 },
      { sum: { views: 35 }, 'author.name': 'Grace', author: 2 },
      { sum: { views: 20 }, 'author.name': 'Linus', author: 3 },
      { sum: { views: 0 }, 'author.name': null, author: null },
    ]);
  });

  it('answers 400 for sum over text, groupBy without aggregate, and an unknown field', async () => {
    for (const q of ['aggregate[sum]=title', 'groupBy=status', 'aggregate[count]=nope']) {
      const res = await get(`/api/items/articles?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_QUERY');
    }
  });

  it('answers 400 for min and max over a uuid or boolean field, which have no order', async () => {
    for (const q of ['aggregate[min]=code', 'aggregate[max]=featured']) {
      const res = await get(`/api/items/articles?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatch(/needs an ordered field/);
    }
  });
});
