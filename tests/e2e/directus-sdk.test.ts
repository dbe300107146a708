import {
  aggregate,
  authentication,
  compareContentVersion,
  createContentVersion,
  deleteContentVersion,
  promoteContentVersion,
  readContentVersions,
  saveToContentVersion,
  updateContentVersion,
  createCollection,
  createDirectus,
  createField,
  createItem,
  createItems,
  createRelation,
  deleteItem,
  generateHash,
  importFile,
  randomString,
  readActivities,
  readAssetRaw,
  readFiles,
  readItem,
  readItems,
  readRevisions,
  rest,
  staticToken,
  updateItem,
  uploadFiles,
  utilsImport,
  verifyHash,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

interface Author {
  id: number;
  name: string;
}
interface Tag {
  id: number;
  name: string;
}
interface ArticleTag {
  id: number;
  articles_id: number;
  tags_id: number | Tag;
}
interface Article {
  id: number;
  title: string;
  status: string;
  views: number;
  author: number | Author;
  tags: ArticleTag[];
}
interface Schema {
  authors: Author[];
  tags: Tag[];
  articles: Article[];
  articles_tags: ArticleTag[];
}

let server: StartedServer;
let accessToken: string;

const client = () => createDirectus<Schema>(`${server.url}/api`).with(rest());
const withToken = () => client().with(staticToken(accessToken));

const pk = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
};

beforeAll(async () => {
  server = await startServer();
  const auth = createDirectus<Schema>(`${server.url}/api`)
    .with(authentication('json'))
    .with(rest());
  const session = await auth.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  accessToken = session.access_token!;
  const api = withToken();
  await api.request(
    createCollection({
      collection: 'authors',
      fields: [pk, { field: 'name', type: 'string' }],
    } as never),
  );
  await api.request(
    createCollection({
      collection: 'tags',
      fields: [pk, { field: 'name', type: 'string' }],
    } as never),
  );
  await api.request(
    createCollection({
      collection: 'articles',
      fields: [
        pk,
        { field: 'title', type: 'string' },
        { field: 'status', type: 'string', schema: { default_value: 'draft' } },
        { field: 'views', type: 'integer', schema: { default_value: 0 } },
        { field: 'author', type: 'integer', meta: { special: ['m2o'] } },
      ],
    } as never),
  );
  await api.request(
    createCollection({
      collection: 'articles_tags',
      fields: [
        pk,
        { field: 'articles_id', type: 'integer' },
        { field: 'tags_id', type: 'integer' },
      ],
    } as never),
  );
  await api.request(
    createRelation({ collection: 'articles', field: 'author', related_collection: 'authors' }),
  );
  await api.request(
    createField('articles', {
      field: 'tags',
      type: 'alias',
      meta: { special: ['m2m'], interface: 'list-m2m' },
    } as never),
  );
  await api.request(
    createRelation({
      collection: 'articles_tags',
      field: 'articles_id',
      related_collection: 'articles',
      meta: { one_field: 'tags', junction_field: 'tags_id' },
    } as never),
  );
  await api.request(
    createRelation({
      collection: 'articles_tags',
      field: 'tags_id',
      related_collection: 'tags',
      meta: { junction_field: 'articles_id' },
    } as never),
  );
  await api.request(createItems('authors', [{ name: 'Ada' }, { name: 'Grace' }]));
  await api.request(createItems('tags', [{ name: 'history' }, { name: 'computing' }]));
});

afterAll(async () => {
  await server?.stop();
});

describe('@directus/sdk against the production server', () => {
  it('creates items, with a nested many-to-many, and reads them back', async () => {
    const api = withToken();
    const created = await api.request(
      createItem('articles', {
        title: 'Engines',
        status: 'published',
        views: 10,
        author: 1,
        tags: [{ tags_id: 1 }, { tags_id: 2 }],
      } as never),
    );
    expect(created).toMatchObject({ title: 'Engines', status: 'published', author: 1 });
    await api.request(
      createItems('articles', [
        { title: 'Moths', status: 'published', views: 30, author: 2, tags: [{ tags_id: 2 }] },
        { title: 'Drafty', status: 'draft', views: 5, author: 2 },
      ] as never),
    );
    const one = await api.request(readItem('articles', created.id, { fields: ['title', 'views'] }));
    expect(one).toEqual({ title: 'Engines', views: 10 });
  });

  it('reads items with a filter, a sort and relational field paths', async () => {
    const rows = await withToken().request(
      readItems('articles', {
        filter: { status: { _eq: 'published' } },
        sort: ['-views'],
        fields: ['title', { author: ['name'] }, { tags: [{ tags_id: ['name'] }] }],
      }),
    );
    expect(rows).toEqual([
      { title: 'Moths', author: { name: 'Grace' }, tags: [{ tags_id: { name: 'computing' } }] },
      {
        title: 'Engines',
        author: { name: 'Ada' },
        tags: [{ tags_id: { name: 'history' } }, { tags_id: { name: 'computing' } }],
      },
    ]);
  });

  it('aggregates with groupBy', async () => {
    const groups = await withToken().request(
      aggregate('articles', { aggregate: { count: '*', sum: ['views'] }, groupBy: ['status'] }),
    );
    const byStatus = Object.fromEntries(
      // The specification's shape for `*` too: {count: {'*': n}} (Directus: a bare count).
      (
        groups as unknown as { status: string; count: { '*': unknown }; sum: { views: unknown } }[]
      ).map((g) => [g.status, { count: Number(g.count['*']), views: Number(g.sum.views) }]),
    );
    expect(byStatus).toEqual({ draft: { count: 1, views: 5 }, published: { count: 2, views: 40 } });
  });

  it('updates and deletes an item; a deleted item is a 404 the SDK throws', async () => {
    const api = withToken();
    const [draft] = await api.request(
      readItems('articles', { filter: { title: { _eq: 'Drafty' } }, fields: ['id'] }),
    );
    const updated = await api.request(updateItem('articles', draft.id, { views: 6 }));
    expect(updated).toMatchObject({ id: draft.id, views: 6, title: 'Drafty' });
    await api.request(deleteItem('articles', draft.id));
    const err = (await api.request(readItem('articles', draft.id)).catch((e: unknown) => e)) as {
      response: Response;
      errors: unknown;
    };
    // Item endpoints answer the specification's simple body, which the SDK hands over whole.
    expect(err.response.status).toBe(404);
    expect(err.errors).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
  });

  it('reads the activity log and revisions of the changes above', async () => {
    const api = withToken();
    const activity = await api.request(
      readActivities({ filter: { collection: { _eq: 'articles' } }, sort: ['-id'], limit: 1 }),
    );
    expect(activity[0]).toMatchObject({ collection: 'articles', action: 'delete' });
    const revisions = await api.request(
      readRevisions({ filter: { collection: { _eq: 'articles' } }, limit: 1 }),
    );
    expect(revisions[0]).toHaveProperty('data');
  });

  it('uses the utilities: hashes, random strings and a JSON import', async () => {
    const api = withToken();
    const hash = await api.request(generateHash('s3cret'));
    expect(await api.request(verifyHash('s3cret', hash))).toBe(true);
    expect(await api.request(randomString(12))).toHaveLength(12);
    const form = new FormData();
    const file = new Blob([JSON.stringify([{ name: 'Imported' }])], { type: 'application/json' });
    form.append('file', file, 'authors.json');
    await api.request(utilsImport('authors', form));
    const found = await api.request(
      readItems('authors', { filter: { name: { _eq: 'Imported' } } }),
    );
    expect(found).toHaveLength(1);
  });

  it('uploads, lists and downloads files, and refuses a URL import of a private address', async () => {
    const api = withToken();
    const form = new FormData();
    form.append('title', 'Notes');
    // Bytes that are not text: the SDK hands the raw stream of anything but text and JSON.
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 0, 7]);
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'notes.bin');
    const uploaded = (await api.request(uploadFiles(form))) as { id: string; type: string };
    expect(uploaded.type).toBe('application/octet-stream');
    const listed = await api.request(
      readFiles({ filter: { title: { _eq: 'Notes' } }, fields: ['id', 'filename_download'] }),
    );
    expect(listed).toEqual([{ id: uploaded.id, filename_download: 'notes.bin' }]);
    const stream = await api.request(readAssetRaw(uploaded.id));
    expect([...new Uint8Array(await new Response(stream).arrayBuffer())]).toEqual([...bytes]);
    const refused = await api
      .request(importFile(`${server.url}/api/server/ping`))
      .catch((e: unknown) => e as { response: Response });
    expect((refused as { response: Response }).response.status).toBe(400);
  });

  it('drafts a content version, compares it and promotes it with the version commands', async () => {
    const api = withToken();
    const article = (await api.request(
      createItem('articles', { title: 'Versioned', status: 'draft' }),
    )) as Article;
    const version = await api.request(
      createContentVersion({
        key: 'draft',
        name: 'Draft',
        collection: 'articles',
        item: String(article.id),
      } as never),
    );
    const saved = (await api.request(
      saveToContentVersion(version.id, { title: 'Versioned, revised' }),
    )) as Record<string, unknown>;
    expect(saved).toMatchObject({ id: article.id, title: 'Versioned, revised' });
    const renamed = await api.request(updateContentVersion(version.id, { name: 'Renamed' }));
    expect(renamed.name).toBe('Renamed');
    const listed = await api.request(
      readContentVersions({ filter: { item: { _eq: String(article.id) } } }),
    );
    expect(listed.map((v) => v.id)).toEqual([version.id]);
    const compared = await api.request(compareContentVersion(version.id));
    expect(compared).toMatchObject({ outdated: false, current: { title: 'Versioned, revised' } });
    await api.request(promoteContentVersion(version.id, compared.mainHash));
    const main = (await api.request(readItem('articles', article.id))) as Article;
    expect(main.title).toBe('Versioned, revised');
    await api.request(deleteContentVersion(version.id));
    const gone = await api.request(
      readContentVersions({ filter: { item: { _eq: String(article.id) } } }),
    );
    expect(gone).toEqual([]);
  });

  it('is refused without a token: the SDK sees a 401 or 403 error body', async () => {
    const err = (await client()
      .request(readItems('articles'))
      .catch((e: unknown) => e)) as { response: Response; errors: { code?: string } };
    expect([401, 403]).toContain(err.response.status);
    expect(err.errors.code).toMatch(/^[A-Z_]+$/);
  });
});
