import { Validator } from '@seriousme/openapi-schema-validator';

import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from './../helpers/app';
import { createItemsFixture, type ItemsFixture } from '../helpers/items-fixture';
import { addPermissions, createPermittedUser } from '../helpers/permissions';

/**
 * GET /api/server/specs/oas describes the API as the caller may use it: the collections,
 * verbs and fields its permissions grant, regenerated when the schema or permissions change.
 */
const app = setupTestApp();
const URL = '/api/server/specs/oas';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  tags: { name: string }[];
  'x-tagGroups': { name: string; tags: string[] }[];
};

let t: ItemsFixture;
let admin: string;

beforeAll(async () => {
  t = await createItemsFixture({ prefix: 'oas_' });
  admin = await app.adminToken();
});

const itemPaths = (doc: Doc) => Object.keys(doc.paths).filter((p) => p.startsWith('/api/items/'));
const verbs = (doc: Doc, path: string) => Object.keys(doc.paths[path] ?? {}).sort();
const props = (doc: Doc, collection: string) =>
  Object.keys(doc.components.schemas[`Item_${collection}`]?.properties ?? {}).sort();

describe('GET /api/server/specs/oas', () => {
  it('shows an administrator every collection with every verb and passes an OpenAPI 3.1 validator', async () => {
    const res = await app.request<Doc>(URL, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const c of Object.values(t)) {
      expect(verbs(res.body, `/api/items/${c}`)).toEqual(['delete', 'get', 'patch', 'post']);
      expect(verbs(res.body, `/api/items/${c}/{id}`)).toEqual(['delete', 'get', 'patch']);
    }
    expect(props(res.body, t.articles)).toEqual(
      expect.arrayContaining(['id', 'title', 'status', 'author', 'tags', 'comments']),
    );
    const author = res.body.components.schemas[`Item_${t.articles}`].properties!.author;
    expect(author).toEqual({
      anyOf: [
        expect.objectContaining({ type: ['integer', 'null'] }),
        { $ref: `#/components/schemas/Item_${t.authors}` },
      ],
    });
    const fields = res.body.paths[`/api/items/${t.articles}`].get.parameters!.map((p) => p.name);
    expect(fields).toEqual(
      expect.arrayContaining(['fields', 'filter', 'sort', 'limit', 'offset', 'meta', 'search']),
    );
    expect(res.body.paths['/api/roles']).toBeDefined();
    // Collections first, then the system; no group shares its name with a tag.
    expect(res.body['x-tagGroups'].map((g) => g.name)).toEqual(['Items', 'System']);
    const tagNames = res.body.tags.map((tag) => tag.name);
    expect(res.body['x-tagGroups'].filter((g) => tagNames.includes(g.name))).toEqual([]);
    expect(res.body['x-tagGroups'][0].tags).toEqual(expect.arrayContaining([t.articles]));
    const result = await new Validator().validate(res.body as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
  });

  it('shows a read-only user exactly its one collection, GET only, with only the granted fields', async () => {
    const user = await createPermittedUser([
      { collection: t.articles, action: 'read', fields: ['id', 'title'] },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await app.request<Doc>(URL, { token });
    expect(res.status).toBe(200);
    expect(itemPaths(res.body).sort()).toEqual([
      `/api/items/${t.articles}`,
      `/api/items/${t.articles}/{id}`,
    ]);
    expect(verbs(res.body, `/api/items/${t.articles}`)).toEqual(['get']);
    expect(verbs(res.body, `/api/items/${t.articles}/{id}`)).toEqual(['get']);
    expect(props(res.body, t.articles)).toEqual(['id', 'title']);
    expect(res.body.components.schemas[`Item_${t.authors}`]).toBeUndefined();
    expect(res.body.paths['/api/roles']).toBeUndefined();
    const result = await new Validator().validate(res.body as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
  });

  it('shows a permission change in the next document', async () => {
    const user = await createPermittedUser([
      { collection: t.tags, action: 'read', fields: ['id'] },
    ]);
    const token = await app.login(user.email, user.password);
    const before = await app.request<Doc>(URL, { token });
    expect(verbs(before.body, `/api/items/${t.tags}`)).toEqual(['get']);
    await addPermissions(user.policies[0], [
      { collection: t.tags, action: 'create', fields: ['name'] },
    ]);
    const after = await app.request<Doc>(URL, { token });
    expect(verbs(after.body, `/api/items/${t.tags}`)).toEqual(['get', 'post']);
  });

  it('shows a schema change in the next document', async () => {
    const before = await app.request<Doc>(URL, { token: admin });
    expect(props(before.body, t.countries)).not.toContain('iso_code');
    const added = await app.request(`/api/fields/${t.countries}`, {
      method: 'POST',
      token: admin,
      body: { field: 'iso_code', type: 'string' },
    });
    expect(added.status).toBe(201);
    const after = await app.request<Doc>(URL, { token: admin });
    expect(props(after.body, t.countries)).toContain('iso_code');
  });

  it('shows an anonymous caller what the public policy grants and nothing else', async () => {
    const before = await app.request<Doc>(URL);
    expect(before.status).toBe(200);
    expect(itemPaths(before.body)).toEqual([]);
    const pub = await getDb()
      .selectFrom('daas_policies')
      .select('id')
      .where('public', '=', true)
      .executeTakeFirstOrThrow();
    await addPermissions(pub.id, [
      { collection: t.countries, action: 'read', fields: ['id', 'name'] },
    ]);
    const res = await app.request<Doc>(URL);
    expect(res.status).toBe(200);
    expect(itemPaths(res.body).sort()).toEqual([
      `/api/items/${t.countries}`,
      `/api/items/${t.countries}/{id}`,
    ]);
    expect(props(res.body, t.countries)).toEqual(['id', 'name']);
    expect(res.body.paths['/api/users']).toBeUndefined();
  });

  it('answers hostile query parameters without a server error', async () => {
    for (const q of [
      '?filter[',
      '?fields=%00',
      '?limit=-99999999999999999999',
      `?x=${'a'.repeat(5000)}`,
    ]) {
      const res = await app.request(URL + q, { token: admin });
      expect(res.status).toBeLessThan(500);
    }
    const bad = await app.request(URL, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });
});
