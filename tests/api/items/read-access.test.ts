import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '@/lib/core/context';
import type { ReadAccess } from '@/lib/items/read/read-access';
import type { Query } from '@/lib/items/query';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
});

async function ctx(): Promise<RequestContext> {
  const { getDb } = await import('@/lib/db/client');
  const { anonymous } = await import('@/lib/core/accountability');
  const { getSchema } = await import('@/lib/schema/overview');
  return {
    db: getDb(),
    schema: await getSchema(getDb()),
    accountability: { ...anonymous(null, null), user: admin.id },
    requestId: 'test',
  };
}

async function read(collection: string, raw: Record<string, string>, readAccess?: ReadAccess) {
  const { parseQuery } = await import('@/lib/items/parse');
  const { readByQuery } = await import('@/lib/items/read/service');
  return readByQuery(collection, parseQuery(raw), await ctx(), { readAccess });
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { status: number; message: string };
  }
  throw new Error('expected the read to fail');
}

/** Authors without their bio and big number; only published articles; no comments. */
const readAccess: ReadAccess = (collection) => {
  if (collection === 'authors')
    return { fields: new Set(['id', 'name', 'country', 'articles']), filter: null };
  if (collection === 'articles') {
    return {
      fields: new Set(['id', 'title', 'author', 'status', 'tags']),
      filter: { status: { _eq: 'published' } },
    };
  }
  if (collection === 'comments') return { fields: new Set(), filter: null };
  return { fields: '*', filter: null };
};

describe('the read access hook', () => {
  it('drops unreadable fields from * and ANDs the item filter at the root', async () => {
    const res = await read('articles', { sort: 'id' }, readAccess);
    expect(res.data).toEqual([
      { id: 1, title: 'Engines of thought', status: 'published', author: 1 },
      { id: 2, title: 'Debugging moths', status: 'published', author: 2 },
      { id: 4, title: 'Kernel diaries', status: 'published', author: 3 },
    ]);
    expect(res.meta).toMatchObject({ total: 3, total_count: 3 });
  });

  it('applies the read access of each collection where it is nested', async () => {
    const res = await read(
      'authors',
      { fields: 'name,articles.*', filter: JSON.stringify({ id: { _eq: 2 } }) },
      readAccess,
    );
    expect(res.data).toEqual([
      {
        name: 'Grace',
        articles: [{ id: 2, title: 'Debugging moths', status: 'published', author: 2 }],
      },
    ]);
  });

  it('answers 403 for a named unreadable or unknown field, nested or in filter and sort', async () => {
    const cases: Record<string, string>[] = [
      { fields: 'id,body' },
      { fields: 'id,nope' },
      { fields: 'author.bio' },
      { fields: 'comments.body' },
      { filter: JSON.stringify({ body: { _eq: 'x' } }) },
      { sort: 'author.bio' },
    ];
    for (const raw of cases) {
      const err = await failure(read('articles', raw, readAccess));
      expect(err.status).toBe(403);
    }
  });

  it('never searches a field the caller cannot read', async () => {
    expect((await read('articles', { search: 'relay', fields: 'id' })).data).toEqual([{ id: 2 }]);
    expect((await read('articles', { search: 'relay', fields: 'id' }, readAccess)).data).toEqual(
      [],
    );
  });

  it('answers 404 for a single item the item filter hides', async () => {
    const { readOne } = await import('@/lib/items/read/service');
    const { emptyQuery } = await import('@/lib/items/parse');
    const hidden = await failure(
      readOne('articles', 3, emptyQuery() as Query, await ctx(), { readAccess }),
    );
    expect(hidden).toMatchObject({ status: 404, message: 'Item not found' });
    expect(await readOne('articles', 2, emptyQuery(), await ctx(), { readAccess })).toMatchObject({
      id: 2,
    });
  });
});

describe('read hooks', () => {
  it('lets a query filter change the query and a read filter change the results', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const offQuery = emitter().onFilter('articles.items.query', (q) => ({
      ...(q as Query),
      limit: 1,
    }));
    const offRead = emitter().onFilter('items.read', (rows) =>
      (rows as Record<string, unknown>[]).map((r) => ({ ...r, seen: true })),
    );
    try {
      const res = await app.request('/api/items/articles?fields=id', { token: admin.token });
      expect(res.body.data).toEqual([{ id: 1, seen: true }]);
    } finally {
      offQuery();
      offRead();
    }
  });
});
