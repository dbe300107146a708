import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

// The real cache, watched: every call still goes to the real getSchema.
vi.mock('@/lib/schema/overview', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/schema/overview')>();
  return { ...real, getSchema: vi.fn(real.getSchema) };
});

const app = setupTestApp();
let admin: TokenUser;
let reader: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
  reader = await createTokenUser({
    permissions: [
      { collection: 'articles', action: 'read' },
      { collection: 'authors', action: 'read' },
    ],
  });
});

async function schemaFetchesOf(path: string, token?: string) {
  const { getSchema } = await import('@/lib/schema/overview');
  await app.request(path, { token }); // warms the caches the count is not about
  vi.mocked(getSchema).mockClear();
  const res = await app.request(path, { token });
  return { status: res.status, body: res.body, fetches: vi.mocked(getSchema).mock.calls.length };
}

describe('the schema overview of a request', () => {
  it('is fetched once for an administrator listing items with a relation', async () => {
    const out = await schemaFetchesOf('/api/items/articles?fields=id,author.name', admin.token);
    expect(out.status).toBe(200);
    expect(out.body.data.length).toBeGreaterThan(0);
    expect(out.fetches).toBe(1);
  });

  it('is fetched once for a caller reading through permissions', async () => {
    const out = await schemaFetchesOf('/api/items/articles?fields=id,author.name', reader.token);
    expect(out.status).toBe(200);
    expect(out.body.data.length).toBeGreaterThan(0);
    expect(out.fetches).toBe(1);
  });

  it('is fetched once for an anonymous caller refused the collection', async () => {
    const out = await schemaFetchesOf('/api/items/articles');
    expect(out.status).toBe(401);
    expect(out.fetches).toBe(1);
  });

  it('is fetched once for one item and for the collections list', async () => {
    expect((await schemaFetchesOf('/api/items/articles/1', admin.token)).fetches).toBe(1);
    const collections = await schemaFetchesOf('/api/collections', reader.token);
    expect(collections.status).toBe(200);
    expect(collections.fetches).toBe(1);
  });
});
