import {
  authentication,
  createDirectus,
  createItem,
  readItem,
  rest,
  staticToken,
  updateItem,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentModel, type ContentModel } from '../fixtures/content-model-schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

// The collection names are made per run, so the SDK is used without a typed schema.
type Loose = Record<string, Record<string, unknown>[]>;
type Read = Record<string, unknown>;

let server: StartedServer;
let accessToken: string;
let m: ContentModel;

const api = () =>
  createDirectus<Loose>(`${server.url}/api`).with(rest()).with(staticToken(accessToken));

beforeAll(async () => {
  server = await startServer();
  const auth = createDirectus(`${server.url}/api`).with(authentication('json')).with(rest());
  accessToken = (await auth.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token!;
  m = await buildContentModel(async (method, path, body) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  });
  for (const code of ['en', 'de', 'fr']) {
    await api().request(createItem(m.languages, { code, name: code.toUpperCase() }));
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('@directus/sdk with translations and many-to-any', () => {
  it('creates an item with translations and reads one language with deep', async () => {
    const lang = `${m.languages}_code`;
    const made = await api().request(
      createItem(m.articles, {
        status: 'draft',
        translations: [
          { [lang]: 'en', title: 'Hello' },
          { [lang]: 'de', title: 'Hallo' },
        ],
      }),
    );
    const read: Read = await api().request(
      readItem(
        m.articles,
        made.id as number,
        {
          fields: ['id', 'translations.*'],
          deep: { translations: { _filter: { [lang]: { _eq: 'de' } } } },
        } as never,
      ),
    );
    expect(read.translations).toEqual([
      expect.objectContaining({ [lang]: 'de', title: 'Hallo', [`${m.articles}_id`]: made.id }),
    ]);
  });

  it('updates translations with create, update and delete', async () => {
    const lang = `${m.languages}_code`;
    const made = await api().request(
      createItem(m.articles, { translations: [{ [lang]: 'en', title: 'One' }] }),
    );
    const first: Read = await api().request(
      readItem(m.articles, made.id as number, { fields: ['translations.id'] } as never),
    );
    const enId = (first.translations as { id: number }[])[0].id;
    await api().request(
      updateItem(m.articles, made.id as number, {
        translations: {
          create: [{ [lang]: 'fr', title: 'Un' }],
          update: [{ id: enId, title: 'One!' }],
          delete: [],
        },
      }),
    );
    const after: Read = await api().request(
      readItem(
        m.articles,
        made.id as number,
        {
          fields: ['translations.title', `translations.${lang}.name`],
        } as never,
      ),
    );
    expect(after.translations).toEqual([
      { title: 'One!', [lang]: { name: 'EN' } },
      { title: 'Un', [lang]: { name: 'FR' } },
    ]);
  });

  it('creates blocks of two collections and reads them with item:<collection>', async () => {
    const made = await api().request(
      createItem(m.pages, {
        title: 'Home',
        blocks: [
          { collection: m.headings, item: { title: 'Welcome' } },
          { collection: m.images, item: { url: 'hero.png' } },
        ],
      }),
    );
    const read: Read = await api().request(
      readItem(
        m.pages,
        made.id as number,
        {
          fields: [
            'title',
            'blocks.collection',
            `blocks.item:${m.headings}.title`,
            `blocks.item:${m.images}.url`,
          ],
        } as never,
      ),
    );
    expect(read).toEqual({
      title: 'Home',
      blocks: [
        { collection: m.headings, item: { title: 'Welcome' } },
        { collection: m.images, item: { url: 'hero.png' } },
      ],
    });
  });

  it('surfaces a failed condition as the SDK error with the field', async () => {
    const failure = await api()
      .request(createItem(m.articles, { status: 'published' }))
      .then(
        () => null,
        (err: { errors: { code: string; extensions: { field: string } } }) => err,
      );
    // This API's items endpoints answer errors in the flat body; the SDK hands it over as is.
    expect(failure?.errors).toMatchObject({
      code: 'FAILED_VALIDATION',
      extensions: { field: 'published_on' },
    });
  });
});
