import { describe, expect, it } from 'vitest';
import { buildPayload, missingRequired } from '@/components/studio/content/editor/payload';
import type { EditorField } from '@/components/studio/content/editor/use-editor-schema';
import { toNestedWrite } from '@/components/studio/content/relations/related-model';
import type { Field } from '@/lib/client/fields/types';
import { relationalOf } from '@/lib/client/items/relational';
import type { Relation } from '@/lib/client/relations/types';

function field(name: string, extra: Partial<Field> = {}): Field {
  return {
    collection: 'articles',
    field: name,
    type: 'string',
    schema: { is_primary_key: false } as Field['schema'],
    meta: null,
    ...extra,
  };
}

const plain = (name: string, required = false): EditorField => ({
  field: field(name, { meta: { required } as Field['meta'] }),
  rel: null,
  relatedPk: 'id',
  display: { primaryKey: 'id', template: null, fields: ['id'] },
  junctionPk: null,
});

const author: EditorField = {
  field: field('author', { type: 'integer' }),
  rel: { kind: 'm2o', related: 'authors' },
  relatedPk: 'id',
  display: { primaryKey: 'id', template: null, fields: ['id', 'name'] },
  junctionPk: null,
};

describe('item form payload', () => {
  it('sends only changed fields of an existing item, relations as keys', () => {
    const initial = { id: 1, title: 'a', slug: 'x', author: { id: 1, name: 'Ada' } };
    const values = { ...initial, title: 'b', author: { id: 2, name: 'Grace' } };
    expect(buildPayload([plain('title'), plain('slug'), author], initial, values, false)).toEqual({
      title: 'b',
      author: 2,
    });
  });

  it('sends every filled field of a new item and nothing empty', () => {
    const values = { title: 'new', slug: '', author: { id: 3 } };
    expect(buildPayload([plain('title'), plain('slug'), author], {}, values, true)).toEqual({
      title: 'new',
      author: 3,
    });
  });

  it('names required fields left empty', () => {
    expect(missingRequired([plain('title', true), plain('slug')], { title: '' }, true)).toEqual([
      'title',
    ]);
  });
});

describe('relations', () => {
  const relations = [
    { collection: 'articles', field: 'author', related_collection: 'authors', meta: null },
    {
      collection: 'comments',
      field: 'article',
      related_collection: 'articles',
      meta: { one_field: 'comments', junction_field: null, sort_field: null },
    },
    {
      collection: 'articles_tags',
      field: 'articles_id',
      related_collection: 'articles',
      meta: { one_field: 'tags', junction_field: 'tags_id', sort_field: null },
    },
    {
      collection: 'articles_tags',
      field: 'tags_id',
      related_collection: 'tags',
      meta: { one_field: null, junction_field: 'articles_id', sort_field: null },
    },
  ] as unknown as Relation[];

  it('tells many-to-one, one-to-many and many-to-many apart', () => {
    expect(relationalOf(relations, 'articles', 'author')).toEqual({
      kind: 'm2o',
      related: 'authors',
    });
    expect(relationalOf(relations, 'articles', 'comments')).toMatchObject({
      kind: 'o2m',
      related: 'comments',
      foreignKey: 'article',
    });
    expect(relationalOf(relations, 'articles', 'tags')).toMatchObject({
      kind: 'm2m',
      junction: 'articles_tags',
      junctionRelated: 'tags_id',
      related: 'tags',
    });
    expect(relationalOf(relations, 'articles', 'title')).toBeNull();
  });

  it('writes staged list changes as the API’s nested create, update and delete', () => {
    const o2m = relationalOf(relations, 'articles', 'comments');
    const m2m = relationalOf(relations, 'articles', 'tags');
    const changes = {
      added: [
        { key: 4, display: {} },
        { values: { body: 'new' }, display: {} },
      ],
      removed: [9],
    };
    const shape = (rel: unknown) => ({ rel: rel as never, relatedPk: 'id', junctionPk: 'id' });
    expect(toNestedWrite(shape(o2m), [], changes)).toEqual({
      create: [{ body: 'new' }],
      update: [{ id: 4 }],
      delete: [9],
    });
    expect(toNestedWrite(shape(m2m), [], changes)).toEqual({
      create: [{ tags_id: 4 }, { tags_id: { body: 'new' } }],
      update: [],
      delete: [9],
    });
  });
});
