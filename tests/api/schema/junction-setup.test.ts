import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_LANGUAGES,
  planManyToAny,
  planTranslations,
} from '@/components/studio/collections/junction-plans';
import type { SetupStep } from '@/components/studio/collections/relation-plan';
import { blocksFromRows, blocksWrite } from '@/components/studio/content/relations/blocks-model';
import {
  rowsByLanguage,
  translationsWrite,
} from '@/components/studio/content/relations/translations-model';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { uid } from '../../helpers/schema-sql';

/**
 * The studio's one-step set-ups for translations and many-to-any fields, sent as the data
 * model sends them, then the nested writes the item editor builds, against the real API.
 */
const app = setupTestApp();
let token: string;

async function run(steps: SetupStep[], as = token): Promise<number[]> {
  const statuses: number[] = [];
  for (const step of steps) {
    const res = await app.request(step.path, { method: step.method, body: step.body, token: as });
    statuses.push(res.status);
    if (res.status >= 300) break;
  }
  return statuses;
}

async function collection(name: string, pk: 'integer' | 'uuid' = 'integer') {
  const id =
    pk === 'integer'
      ? { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }
      : {
          field: 'id',
          type: 'uuid',
          schema: { is_primary_key: true },
          meta: { special: ['uuid'] },
        };
  const res = await app.request('/api/collections', {
    method: 'POST',
    token,
    body: { collection: name, fields: [id, { field: 'title', type: 'string' }] },
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  token = await app.adminToken();
});

describe('translations set up in one step', () => {
  it('creates the languages with common ones, the junction, the field and its relations', async () => {
    const articles = uid('ja');
    const languages = uid('jl');
    await collection(articles);
    const steps = planTranslations({
      collection: articles,
      field: 'translations',
      keyType: 'integer',
      languages,
      languageKeyType: 'string',
      createLanguages: true,
      seedLanguages: true,
      translated: ['headline', 'summary'],
    });
    expect((await run(steps)).every((s) => s < 300)).toBe(true);

    const langs = await app.request(`/api/items/${languages}?fields=code,name,direction`, {
      token,
    });
    expect(langs.status).toBe(200);
    expect(langs.body.data).toHaveLength(COMMON_LANGUAGES.length);
    const alias = await app.request(`/api/fields/${articles}/translations`, { token });
    expect(alias.body.data.meta).toMatchObject({
      special: ['translations'],
      interface: 'translations',
    });

    const created = await app.request(`/api/items/${articles}`, {
      method: 'POST',
      token,
      body: {
        title: 'One',
        translations: {
          create: [
            { [`${languages}_code`]: 'de-DE', headline: 'Hallo' },
            { [`${languages}_code`]: 'fr-FR', headline: 'Bonjour' },
          ],
          update: [],
          delete: [],
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const junction = `${articles}_translations`;
    const read = async () =>
      (
        await app.request(
          `/api/items/${junction}?fields=*&filter[${articles}_id][_eq]=${id}&sort=id`,
          { token },
        )
      ).body.data as Record<string, unknown>[];
    const shape = { junctionPk: 'id', languageField: `${languages}_code` };
    const stored = rowsByLanguage(await read(), shape, 'code');
    const write = translationsWrite(shape, stored, {
      edits: { 'de-DE': { headline: 'Guten Tag' }, 'en-US': { headline: 'Hello' } },
      removed: ['fr-FR'],
    });
    const patched = await app.request(`/api/items/${articles}/${id}`, {
      method: 'PATCH',
      token,
      body: { translations: write },
    });
    expect(patched.status).toBe(200);
    const after = (await read()).map((r) => [r[`${languages}_code`], r.headline]);
    expect(after.sort()).toEqual([
      ['de-DE', 'Guten Tag'],
      ['en-US', 'Hello'],
    ]);
  });

  it('answers 403 to a non-admin running the set-up and leaves nothing behind', async () => {
    const articles = uid('jn');
    await collection(articles);
    const user = await createPermittedUser([{ collection: articles, action: 'read' }]);
    const as = await app.login(user.email, user.password);
    const languages = uid('jx');
    const steps = planTranslations({
      collection: articles,
      field: 'translations',
      keyType: 'integer',
      languages,
      languageKeyType: 'string',
      createLanguages: true,
      seedLanguages: false,
      translated: [],
    });
    expect(await run(steps, as)).toEqual([403]);
    const none = await app.request(`/api/collections/${languages}`, { token });
    expect(none.status).toBe(404);
  });
});

describe('many-to-any set up in one step', () => {
  it('creates the junction and relations; blocks save, reorder and read back per collection', async () => {
    const pages = uid('jp');
    const headings = uid('jh');
    const images = uid('ji');
    await collection(pages);
    await collection(headings);
    await collection(images, 'uuid');
    const junction = `${pages}_blocks`;
    const steps = planManyToAny({
      collection: pages,
      field: 'blocks',
      keyType: 'integer',
      junction,
      allowed: [headings, images],
    });
    expect((await run(steps)).every((s) => s < 300)).toBe(true);
    const any = await app.request(`/api/relations/${junction}/item`, { token });
    expect(any.body.data.meta).toMatchObject({
      one_allowed_collections: [headings, images],
      one_collection_field: 'collection',
    });

    const created = await app.request(`/api/items/${pages}`, {
      method: 'POST',
      token,
      body: {
        title: 'Home',
        blocks: {
          create: [
            { collection: headings, item: { title: 'Welcome' }, sort: 1 },
            { collection: images, item: { title: 'Cover' }, sort: 2 },
          ],
          update: [],
          delete: [],
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // The block list reads the junction itself, each collection's fields by `item:<c>`.
    const fields = `id,collection,item,sort,item:${headings}.id,item:${headings}.title,item:${images}.id,item:${images}.title`;
    const read = async () => {
      const res = await app.request(
        `/api/items/${junction}?fields=${fields}&filter[${pages}_id][_eq]=${id}&sort=sort,id`,
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.data as Record<string, unknown>[];
    };
    const rel = { itemField: 'item', collectionField: 'collection', sortField: 'sort' };
    const blocks = blocksFromRows(rel, 'id', await read(), () => 'id');
    expect(blocks.map((b) => [b.collection, b.item.title])).toEqual([
      [headings, 'Welcome'],
      [images, 'Cover'],
    ]);
    const write = blocksWrite(rel, 'id', { blocks: [blocks[1], blocks[0]], removed: [] });
    const patched = await app.request(`/api/items/${pages}/${id}`, {
      method: 'PATCH',
      token,
      body: { blocks: write },
    });
    expect(patched.status).toBe(200);
    const again = blocksFromRows(rel, 'id', await read(), () => 'id');
    expect(again.map((b) => b.item.title)).toEqual(['Cover', 'Welcome']);

    // A picked heading is linked by its key, after the others.
    const existing = await app.request(`/api/items/${headings}`, {
      method: 'POST',
      token,
      body: { title: 'Existing' },
    });
    const linked = {
      ...again[0],
      id: 'new-1',
      junctionKey: null,
      collection: headings,
      itemKey: existing.body.data.id,
      item: {},
    };
    const link = await app.request(`/api/items/${pages}/${id}`, {
      method: 'PATCH',
      token,
      body: { blocks: blocksWrite(rel, 'id', { blocks: [...again, linked], removed: [] }) },
    });
    expect(link.status).toBe(200);
    const last = blocksFromRows(rel, 'id', await read(), () => 'id');
    expect(last.map((b) => b.item.title)).toEqual(['Cover', 'Welcome', 'Existing']);
  });
});
