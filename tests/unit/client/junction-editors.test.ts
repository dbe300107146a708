import { describe, expect, it } from 'vitest';
import {
  fieldNames,
  planManyToAny,
  planTranslations,
} from '@/components/studio/collections/junction-plans';
import {
  blocksFromRows,
  blocksWrite,
  type Block,
} from '@/components/studio/content/relations/blocks-model';
import {
  emptyDraft,
  isTranslated,
  rowsByLanguage,
  translationsWrite,
} from '@/components/studio/content/relations/translations-model';
import { manyToAnyOf } from '@/lib/client/items/many-to-any';
import type { RelationOverview } from '@/lib/schema/overview';

const shape = { junctionPk: 'id', languageField: 'languages_code' };
const stored = rowsByLanguage(
  [
    { id: 1, languages_code: 'en', title: 'Hello' },
    { id: 2, languages_code: { code: 'de' }, title: 'Hallo' },
  ],
  shape,
  'code',
);

describe('translations draft', () => {
  it('updates only what changed in a stored language and creates a new one once filled', () => {
    const write = translationsWrite(shape, stored, {
      edits: { en: { title: 'Hello' }, de: { title: 'Guten Tag' }, fr: { title: 'Bonjour' } },
      removed: [],
    });
    expect(write).toEqual({
      create: [{ languages_code: 'fr', title: 'Bonjour' }],
      update: [{ id: 2, title: 'Guten Tag' }],
      delete: [],
    });
  });

  it('deletes a removed language and ignores a new one left empty', () => {
    const draft = { edits: { fr: { title: '' }, en: { title: 'x' } }, removed: ['en'] };
    expect(translationsWrite(shape, stored, draft)).toEqual({
      create: [],
      update: [],
      delete: [1],
    });
    expect(isTranslated(draft, stored.get('en'), 'en')).toBe(false);
    expect(isTranslated(draft, undefined, 'fr')).toBe(false);
  });

  it('writes nothing for an untouched draft', () => {
    expect(translationsWrite(shape, stored, emptyDraft())).toBeNull();
  });
});

const rel = { itemField: 'item', collectionField: 'collection', sortField: 'sort' };
const rows = [
  { id: 7, collection: 'images', item: { uid: 'u1', url: 'a.png' }, sort: 2 },
  { id: 5, collection: 'headings', item: { id: 3, title: 'Hi' }, sort: 1 },
  { id: 9, collection: 'headings', item: '4', sort: null },
];
const pkOf = (c: string) => (c === 'images' ? 'uid' : 'id');

describe('block list draft', () => {
  it('reads blocks in sort order, unsorted last, with their item keys', () => {
    const blocks = blocksFromRows(rel, 'id', rows, pkOf);
    expect(blocks.map((b) => [b.id, b.collection, b.itemKey])).toEqual([
      ['5', 'headings', 3],
      ['7', 'images', 'u1'],
      ['9', 'headings', '4'],
    ]);
  });

  it('numbers kept blocks in the order shown and creates added ones after them', () => {
    const [a, b, c] = blocksFromRows(rel, 'id', rows, pkOf);
    const added: Block = {
      id: 'new-1',
      junctionKey: null,
      collection: 'headings',
      itemKey: null,
      values: { title: 'New' },
      item: { title: 'New' },
      sort: null,
    };
    const write = blocksWrite(rel, 'id', { blocks: [b, a, c, added], removed: [9] });
    expect(write).toEqual({
      create: [{ collection: 'headings', item: { title: 'New' }, sort: 3 }],
      update: [
        { id: 7, sort: 1 },
        { id: 5, sort: 2 },
      ],
      delete: [9],
    });
  });

  it('links a picked item by key and leaves sort out without a sort field', () => {
    const linked: Block = {
      id: 'new-2',
      junctionKey: null,
      collection: 'images',
      itemKey: 'u9',
      values: null,
      item: {},
      sort: null,
    };
    const write = blocksWrite({ ...rel, sortField: null }, 'id', { blocks: [linked], removed: [] });
    expect(write).toEqual({
      create: [{ collection: 'images', item: 'u9' }],
      update: [],
      delete: [],
    });
  });
});

describe('many-to-any relation', () => {
  const relations = [
    {
      collection: 'pages_blocks',
      field: 'pages_id',
      related_collection: 'pages',
      meta: { one_field: 'blocks', junction_field: 'item', sort_field: 'sort' },
    },
    {
      collection: 'pages_blocks',
      field: 'item',
      related_collection: null,
      meta: {
        one_allowed_collections: ['headings', 'images'],
        one_collection_field: 'collection',
        junction_field: 'pages_id',
      },
    },
  ] as unknown as RelationOverview[];

  it('finds the junction, its fields and the allowed collections', () => {
    expect(manyToAnyOf(relations, 'pages', 'blocks')).toEqual({
      junction: 'pages_blocks',
      parentField: 'pages_id',
      itemField: 'item',
      collectionField: 'collection',
      allowed: ['headings', 'images'],
      sortField: 'sort',
    });
    expect(manyToAnyOf(relations, 'pages', 'title')).toBeNull();
  });
});

describe('junction set-up plans', () => {
  it('makes the languages only when asked, and seeds them only when asked', () => {
    const input = {
      collection: 'articles',
      field: 'translations',
      keyType: 'integer' as const,
      languages: 'languages',
      languageKeyType: 'string' as const,
      translated: ['title'],
    };
    const fresh = planTranslations({ ...input, createLanguages: true, seedLanguages: false });
    expect(fresh.map((s) => s.kind)).toEqual([
      'collection',
      'collection',
      'field',
      'relation',
      'relation',
    ]);
    const existing = planTranslations({ ...input, createLanguages: false, seedLanguages: true });
    expect(existing.map((s) => s.target)).toEqual([
      'articles_translations',
      'articles.translations',
      'articles_translations.languages_code → languages',
      'articles_translations.articles_id → articles',
    ]);
  });

  it('points a many-to-any junction at the allowed collections without a foreign key', () => {
    const steps = planManyToAny({
      collection: 'pages',
      field: 'blocks',
      keyType: 'integer',
      junction: 'pages_blocks',
      allowed: ['headings'],
    });
    expect(steps.at(-1)?.body).toMatchObject({
      related_collection: null,
      meta: { one_allowed_collections: ['headings'], one_collection_field: 'collection' },
    });
  });

  it('reads the fields to translate from a comma- or space-separated list', () => {
    expect(fieldNames(' title, body  title,,summary ')).toEqual(['title', 'body', 'summary']);
  });
});
