import { describe, expect, it } from 'vitest';
import {
  junctionKeys,
  planManyToMany,
  planManyToOne,
  planOneToMany,
} from '@/components/studio/collections/relation-plan';

describe('relation set-up plans', () => {
  it('keeps a file or image interface on the foreign key it sets up', () => {
    const [field] = planManyToOne({
      collection: 'articles',
      field: 'photo',
      related: 'daas_files',
      keyType: 'uuid',
      onDelete: 'SET NULL',
      iface: 'file-image',
    });
    expect(field.body).toMatchObject({ meta: { interface: 'file-image', special: ['file'] } });
    const [plain] = planManyToOne({
      collection: 'articles',
      field: 'author',
      related: 'authors',
      keyType: 'integer',
      onDelete: 'SET NULL',
    });
    expect(plain.body).toMatchObject({
      meta: { interface: 'select-dropdown-m2o', special: ['m2o'] },
    });
  });

  it('adds the foreign key column before the relation that points it at the other table', () => {
    const steps = planManyToOne({
      collection: 'articles',
      field: 'author',
      related: 'authors',
      keyType: 'uuid',
      onDelete: 'SET NULL',
      reverseField: 'articles',
    });
    expect(steps.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/api/fields/articles'],
      ['POST', '/api/relations'],
    ]);
    expect(steps[0].body).toMatchObject({
      field: 'author',
      type: 'uuid',
      schema: { is_nullable: true },
    });
    expect(steps[1].body).toEqual({
      collection: 'articles',
      field: 'author',
      related_collection: 'authors',
      schema: { on_delete: 'SET NULL' },
      meta: { one_field: 'articles' },
    });
  });

  it('puts the foreign key of a one-to-many into the related collection', () => {
    const steps = planOneToMany({
      collection: 'authors',
      field: 'posts',
      related: 'posts',
      foreignKey: 'authors_id',
      keyType: 'integer',
      onDelete: 'CASCADE',
    });
    expect(steps.map((s) => s.path)).toEqual([
      '/api/fields/posts',
      '/api/relations',
      '/api/fields/authors/posts',
    ]);
    expect(steps[1].body).toMatchObject({
      collection: 'posts',
      field: 'authors_id',
      related_collection: 'authors',
      meta: { one_field: 'posts' },
    });
  });

  it('creates the junction, its two keys, then its two relations, in that order', () => {
    const steps = planManyToMany({
      collection: 'articles',
      field: 'tags',
      related: 'tags',
      junction: 'articles_tags',
      keys: junctionKeys('articles', 'tags'),
      keyTypes: ['integer', 'string'],
      onDelete: 'CASCADE',
    });
    expect(steps.map((s) => `${s.kind} ${s.target}`)).toEqual([
      'collection articles_tags',
      'field articles_tags.articles_id',
      'field articles_tags.tags_id',
      'relation articles_tags.articles_id → articles',
      'relation articles_tags.tags_id → tags',
      'alias articles.tags',
    ]);
    expect(steps[2].body).toMatchObject({ type: 'string' });
    expect(steps[3].body).toMatchObject({ meta: { one_field: 'tags', junction_field: 'tags_id' } });
    expect(steps[4].body).toMatchObject({
      meta: { one_field: null, junction_field: 'articles_id' },
    });
  });

  it('gives the two junction keys different names when a collection relates to itself', () => {
    expect(junctionKeys('people', 'people')).toEqual(['people_id', 'related_people_id']);
  });
});
