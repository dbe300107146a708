import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '@/lib/core/context';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser, type PermissionSpec } from '../../helpers/permissions';
import { db, uid } from '../../helpers/schema-sql';
import { count, rows } from './write-fixture';

const app = setupTestApp();
let token: string;

const ARTICLES = 'tr_articles';
const JUNCTION = 'tr_articles_translations';
const LANGUAGES = 'tr_languages';

const send = (method: string, path: string, body?: unknown, as: string | null = token) =>
  app.request(path, { method, body, token: as ?? undefined });

/** The requests the Directus studio sends to add a translations field, one by one. */
async function buildAsTheStudioDoes(): Promise<void> {
  const steps: [string, string, unknown][] = [
    [
      'POST',
      '/api/collections',
      {
        collection: LANGUAGES,
        fields: [
          { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 10 } },
          { field: 'name', type: 'string' },
          { field: 'direction', type: 'string', schema: { default_value: 'ltr' } },
        ],
      },
    ],
    [
      'POST',
      '/api/collections',
      {
        collection: ARTICLES,
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
          },
          { field: 'slug', type: 'string' },
        ],
      },
    ],
    [
      'POST',
      `/api/fields/${ARTICLES}`,
      {
        field: 'translations',
        type: 'alias',
        meta: { special: ['translations'], interface: 'translations' },
      },
    ],
    [
      'POST',
      '/api/collections',
      {
        collection: JUNCTION,
        meta: { hidden: true },
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
          },
        ],
      },
    ],
    ['POST', `/api/fields/${JUNCTION}`, { field: `${ARTICLES}_id`, type: 'integer' }],
    ['POST', `/api/fields/${JUNCTION}`, { field: `${LANGUAGES}_code`, type: 'string' }],
    ['POST', `/api/fields/${JUNCTION}`, { field: 'title', type: 'string' }],
    [
      'POST',
      '/api/relations',
      {
        collection: JUNCTION,
        field: `${LANGUAGES}_code`,
        related_collection: LANGUAGES,
        meta: { one_field: null, junction_field: `${ARTICLES}_id`, sort_field: null },
        schema: { on_delete: 'SET NULL' },
      },
    ],
    [
      'POST',
      '/api/relations',
      {
        collection: JUNCTION,
        field: `${ARTICLES}_id`,
        related_collection: ARTICLES,
        meta: { one_field: 'translations', junction_field: `${LANGUAGES}_code`, sort_field: null },
        schema: { on_delete: 'SET NULL' },
      },
    ],
    [
      'POST',
      `/api/items/${LANGUAGES}`,
      [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
        { code: 'fr', name: 'Français' },
        { code: 'ar', name: 'Arabic', direction: 'rtl' },
      ],
    ],
  ];
  for (const [method, path, body] of steps) {
    const res = await send(method, path, body);
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
  }
}

beforeAll(async () => {
  token = await app.adminToken();
  await buildAsTheStudioDoes();
});

const LANG = `${LANGUAGES}_code`;

async function article(): Promise<number> {
  const res = await send('POST', `/api/items/${ARTICLES}`, {
    slug: uid('a'),
    translations: [
      { [LANG]: 'en', title: 'Hello' },
      { [LANG]: 'de', title: 'Hallo' },
    ],
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const titles = (list: { title: string }[]) => list.map((t) => t.title).sort();

async function userWith(specs: PermissionSpec[]): Promise<string> {
  const user = await createPermittedUser(specs);
  return app.login(user.email, user.password);
}

describe('translations', () => {
  it('keeps the translations special on the alias field the relations reuse', async () => {
    const res = await send('GET', `/api/fields/${ARTICLES}/translations`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'alias',
      schema: null,
      meta: { special: ['translations'], interface: 'translations' },
    });
  });

  it('creates one row per language with the item and reads them with translations.*', async () => {
    const id = await article();
    const res = await send('GET', `/api/items/${ARTICLES}/${id}?fields=id,translations.*`);
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toHaveLength(2);
    expect(res.body.data.translations[0]).toMatchObject({
      [`${ARTICLES}_id`]: id,
      [LANG]: 'en',
      title: 'Hello',
    });
  });

  it('reads one language with deep[translations][_filter]', async () => {
    const id = await article();
    const res = await send(
      'GET',
      `/api/items/${ARTICLES}/${id}?fields=translations.title,translations.${LANG}.direction&deep[translations][_filter][${LANG}][_eq]=de`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual([{ title: 'Hallo', [LANG]: { direction: 'ltr' } }]);
  });

  it('creates, updates and deletes translations with {create, update, delete}', async () => {
    const id = await article();
    const [en, de] = (await rows(JUNCTION)).filter((r) => r[`${ARTICLES}_id`] === id);
    const res = await send('PATCH', `/api/items/${ARTICLES}/${id}`, {
      translations: {
        create: [{ [LANG]: 'fr', title: 'Bonjour' }],
        update: [{ id: de.id, title: 'Guten Tag' }],
        delete: [en.id],
      },
    });
    expect(res.status).toBe(200);
    const mine = (await rows(JUNCTION)).filter((r) => r[`${ARTICLES}_id`] === id);
    expect(titles(mine as { title: string }[])).toEqual(['Bonjour', 'Guten Tag']);
  });

  it('replaces the translations with an array and leaves another item’s rows alone', async () => {
    const id = await article();
    const other = await article();
    const [otherEn] = (await rows(JUNCTION)).filter((r) => r[`${ARTICLES}_id`] === other);
    const res = await send('PATCH', `/api/items/${ARTICLES}/${id}`, {
      translations: [{ [LANG]: 'ar', title: 'مرحبا' }],
    });
    expect(res.status).toBe(200);
    const mine = (await rows(JUNCTION)).filter((r) => r[`${ARTICLES}_id`] === id);
    expect(mine.map((r) => r[LANG])).toEqual(['ar']);
    const hostile = await send('PATCH', `/api/items/${ARTICLES}/${id}`, {
      translations: { delete: [otherEn.id] },
    });
    expect(hostile.status).toBe(200);
    expect((await rows(JUNCTION)).some((r) => r.id === otherEn.id)).toBe(true);
  });

  it('answers 400 for malformed translations and an unknown language', async () => {
    const before = await count(JUNCTION);
    for (const translations of [
      'x',
      { create: 'x' },
      { create: [{ [LANG]: 'xx', title: 'No such language' }] },
      [{ [LANG]: { code: 'es' }, nope: 1 }],
    ]) {
      const res = await send('POST', `/api/items/${ARTICLES}`, { slug: uid('h'), translations });
      expect(res.status).toBe(400);
    }
    expect(await count(JUNCTION)).toBe(before);
  });

  it('treats a filter value as data, never as SQL', async () => {
    const id = await article();
    const evil = encodeURIComponent(`de'; drop table ${JUNCTION}; --`);
    const res = await send(
      'GET',
      `/api/items/${ARTICLES}/${id}?fields=translations.title&deep[translations][_filter][${LANG}][_eq]=${evil}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual([]);
    expect(await count(JUNCTION)).toBeGreaterThan(0);
  });

  it('shows a non-admin only the translation rows its permission allows', async () => {
    const id = await article();
    const reader = await userWith([
      { collection: ARTICLES, action: 'read' },
      { collection: JUNCTION, action: 'read', permissions: { [LANG]: { _eq: 'de' } } },
    ]);
    const res = await send(
      'GET',
      `/api/items/${ARTICLES}/${id}?fields=translations.title`,
      undefined,
      reader,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual([{ title: 'Hallo' }]);
    const languages = await send(
      'GET',
      `/api/items/${ARTICLES}/${id}?fields=translations.${LANG}.name`,
      undefined,
      reader,
    );
    expect(languages.status).toBe(403);
  });

  it('refuses a non-admin nested translation write without create on the junction', async () => {
    const writer = await userWith([
      { collection: ARTICLES, action: 'create' },
      { collection: ARTICLES, action: 'read' },
    ]);
    const before = await count(ARTICLES);
    const res = await send(
      'POST',
      `/api/items/${ARTICLES}`,
      { slug: uid('w'), translations: [{ [LANG]: 'en', title: 'Sneaky' }] },
      writer,
    );
    expect(res.status).toBe(403);
    expect(await count(ARTICLES)).toBe(before);
  });

  it('answers 401 to an anonymous read of translations', async () => {
    const id = await article();
    const res = await send(
      'GET',
      `/api/items/${ARTICLES}/${id}?fields=translations.*`,
      undefined,
      null,
    );
    expect(res.status).toBe(401);
  });
});

describe('translations field in one step', () => {
  async function ctx(admin: boolean): Promise<RequestContext> {
    const { getDb } = await import('@/lib/db/client');
    const { anonymous } = await import('@/lib/core/accountability');
    const { getSchema } = await import('@/lib/schema/overview');
    const db = getDb();
    return {
      db,
      schema: await getSchema(db),
      accountability: { ...anonymous(null, null), admin },
      requestId: 't',
    };
  }

  it('creates the languages collection, the junction, the field and both relations', async () => {
    const { createTranslationsField } = await import('@/lib/schema/translations');
    const products = uid('tp');
    const languages = uid('tl');
    const made = await send('POST', '/api/collections', {
      collection: products,
      fields: [{ field: 'sku', type: 'string', schema: { is_primary_key: true } }],
    });
    expect(made.status).toBe(201);
    const result = await createTranslationsField(
      { collection: products, languages },
      await ctx(true),
    );
    expect(result).toEqual({
      collection: products,
      field: 'translations',
      junction: `${products}_translations`,
      languages,
    });
    await send('POST', `/api/items/${languages}`, { code: 'de', name: 'Deutsch' });
    const item = await send('POST', `/api/items/${products}`, {
      sku: 'p1',
      translations: [{ [`${languages}_code`]: 'de' }],
    });
    expect(item.status).toBe(201);
    const read = await send(
      'GET',
      `/api/items/${products}/p1?fields=translations.${languages}_code.name`,
    );
    expect(read.body.data.translations).toEqual([{ [`${languages}_code`]: { name: 'Deutsch' } }]);
    const relations = await (
      await db()
    )
      .selectFrom('daas_relations')
      .select(['many_field', 'one_field', 'junction_field'])
      .where('many_collection', '=', `${products}_translations`)
      .orderBy('many_field')
      .execute();
    expect(relations).toHaveLength(2);
  });

  it('refuses a non-admin and an unknown collection', async () => {
    const { createTranslationsField } = await import('@/lib/schema/translations');
    await expect(
      createTranslationsField({ collection: ARTICLES, field: 'more' }, await ctx(false)),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      createTranslationsField({ collection: 'tr_nowhere' }, await ctx(true)),
    ).rejects.toMatchObject({ status: 400 });
  });
});
