import { describe, expect, it } from 'vitest';
import { isServerDefault, newItemDefaults } from '@/components/studio/content/editor/defaults';
import { readPaths } from '@/components/studio/content/read-paths';
import { sortPlan, toNestedWrite } from '@/components/studio/content/relations/related-model';
import { fieldLabel, formatFieldName, translationFor } from '@/lib/client/fields/field-label';
import { compatibleInterfaces } from '@/lib/client/fields/interface-compat';
import type { Field } from '@/lib/client/fields/types';
import {
  displayItem,
  itemDisplayOf,
  renderTemplate,
  templateFields,
} from '@/lib/client/items/display-template';
import { relatedPageQuery } from '@/lib/client/items/related-items-query';
import type { FieldRelation } from '@/lib/client/relations/relation-kind';
import { INTERFACES } from '@/lib/schema/interfaces';

function field(name: string, extra: Partial<Field> = {}): Field {
  return {
    collection: 'articles',
    field: name,
    type: 'string',
    schema: {
      is_primary_key: false,
      has_auto_increment: false,
      default_value: null,
      is_generated: false,
    } as Field['schema'],
    meta: null,
    ...extra,
  };
}

const withDefault = (name: string, type: Field['type'], value: unknown) =>
  field(name, {
    type,
    schema: { ...field(name).schema!, default_value: value as string },
  });

describe('field labels', () => {
  it('formats names as Directus does', () => {
    expect(formatFieldName('date_created')).toBe('Date Created');
    expect(formatFieldName('title')).toBe('Title');
    expect(formatFieldName('authorName')).toBe('Author Name');
    expect(formatFieldName('seo_url')).toBe('SEO URL');
    expect(formatFieldName('id')).toBe('ID');
    expect(formatFieldName('terms_of_use')).toBe('Terms of Use');
  });

  it('prefers the translation for the locale, by exact tag then by language', () => {
    const translations = [
      { language: 'de-DE', translation: 'Überschrift' },
      { language: 'fr-FR', translation: 'Titre' },
    ];
    expect(translationFor(translations, 'de')).toBe('Überschrift');
    expect(translationFor(translations, 'de-DE')).toBe('Überschrift');
    expect(translationFor(translations, 'en')).toBeNull();
    expect(translationFor('not a list', 'de')).toBeNull();
    const title = field('title', { meta: { translations } as unknown as Field['meta'] });
    expect(fieldLabel(title, 'de')).toBe('Überschrift');
    expect(fieldLabel(title, 'en')).toBe('Title');
  });
});

describe('display templates', () => {
  it('names the fields a template reads and fills it in', () => {
    expect(templateFields('{{name}} ({{ email }}) – {{author.name}} {{name}}')).toEqual([
      'name',
      'email',
      'author.name',
    ]);
    expect(renderTemplate('{{name}} ({{email}})', { name: 'Ada', email: 'a@x.io' })).toBe(
      'Ada (a@x.io)',
    );
    expect(renderTemplate('{{name}} ({{email}})', { name: 'Ada', email: null })).toBe('Ada');
    expect(renderTemplate('{{author.name}}', { author: { name: 'Grace' } })).toBe('Grace');
  });

  it('falls back to a telling field, then to the primary key', () => {
    const fields = [field('id', { type: 'integer' }), field('name')];
    fields[0].schema = { ...fields[0].schema!, is_primary_key: true };
    const templated = itemDisplayOf(fields, '{{name}} ({{email}})');
    expect(templated.fields).toEqual(['id', 'name', 'email']);
    expect(displayItem(templated, { id: 3, name: 'Ada', email: 'a@x.io' })).toBe('Ada (a@x.io)');
    expect(displayItem(templated, { id: 3, name: null, email: null })).toBe('3');
    const plain = itemDisplayOf(fields, null);
    expect(plain.fields).toEqual(['id', 'name']);
    expect(displayItem(plain, { id: 4, name: 'Grace' })).toBe('Grace');
  });

  it('reads a relational column through its template, leaving out what may not be read', () => {
    const display = {
      primaryKey: 'id',
      template: '{{name}} ({{email}})',
      fields: ['id', 'name', 'email'],
    };
    const paths = readPaths({
      primaryKey: 'id',
      columns: ['title', 'author', 'author.name', 'cover'],
      relatedOf: new Map([
        ['author', 'authors'],
        ['cover', 'daas_files'],
      ]),
      displays: {
        authors: display,
        daas_files: { primaryKey: 'id', template: null, fields: ['id', 'title'] },
      },
      image: (p) => p === 'cover',
      readable: (_, f) => f !== 'email',
    });
    expect(paths).toEqual(['id', 'title', 'author.id', 'author.name', 'cover.id']);
  });
});

describe('new item defaults', () => {
  it('tells literal defaults from expressions the database evaluates', () => {
    for (const expr of [
      'now()',
      'CURRENT_TIMESTAMP',
      'gen_random_uuid()',
      "nextval('s'::regclass)",
    ]) {
      expect(isServerDefault(expr)).toBe(true);
    }
    for (const literal of ['draft', 'hello world', 42, true, '(draft)']) {
      expect(isServerDefault(literal)).toBe(false);
    }
  });

  it('prefills literal defaults in the form’s shapes, for fields the caller may fill in', () => {
    const fields = [
      withDefault('status', 'string', 'draft'),
      withDefault('created', 'timestamp', 'now()'),
      withDefault('tags', 'json', '["a"]'),
      withDefault('channels', 'csv', 'web,print'),
      withDefault('featured', 'boolean', true),
      withDefault('rating', 'integer', 3),
      withDefault('secret', 'string', 'x'),
    ];
    expect(newItemDefaults(fields, (f) => f !== 'secret')).toEqual({
      status: 'draft',
      tags: ['a'],
      channels: ['web', 'print'],
      featured: true,
      rating: 3,
    });
  });
});

describe('paged related lists', () => {
  const o2m = { kind: 'o2m' as const, related: 'articles', foreignKey: 'author', sortField: null };
  it('reads one page of the related collection filtered by the foreign key, with its count', () => {
    const { collection, query } = relatedPageQuery({
      rel: o2m,
      parentKey: 7,
      relatedPk: 'id',
      junctionPk: null,
      displayFields: ['id', 'title'],
      page: 3,
      limit: 15,
    });
    expect(collection).toBe('articles');
    expect(query).toMatchObject({
      fields: ['id', 'title'],
      filter: { author: { _eq: 7 } },
      page: 3,
      limit: 15,
      meta: 'filter_count',
    });
  });

  it('reads a many-to-many page from the junction with the related item nested', () => {
    const { collection, query } = relatedPageQuery({
      rel: {
        kind: 'm2m',
        junction: 'articles_tags',
        junctionSelf: 'articles_id',
        junctionRelated: 'tags_id',
        related: 'tags',
        sortField: 'sort',
      },
      parentKey: 1,
      relatedPk: 'id',
      junctionPk: 'id',
      displayFields: ['id', 'label'],
      page: 1,
      limit: 15,
    });
    expect(collection).toBe('articles_tags');
    expect(query.fields).toEqual(['id', 'tags_id.id', 'tags_id.label', 'sort']);
    expect(query.filter).toEqual({ articles_id: { _eq: 1 } });
    expect(query.sort).toEqual(['sort', 'id']);
  });

  it('numbers items added to a list seen one page at a time after all of them', () => {
    const rows = [
      { key: 16, item: { id: 16 }, sort: 16 },
      { key: 17, item: { id: 17 }, sort: 17 },
    ];
    const changes = { added: [{ key: 99, display: {} }], removed: [16] };
    expect(sortPlan(rows, changes, 300)).toEqual({ updates: [], added: [301] });
    const shape = {
      rel: { ...o2m, sortField: 'position' },
      relatedPk: 'id',
      junctionPk: null,
    };
    const current = [
      { id: 16, position: 16 },
      { id: 17, position: 17 },
    ];
    expect(toNestedWrite(shape, current, changes, 300)).toEqual({
      create: [],
      update: [{ id: 99, position: 301 }],
      delete: [16],
    });
  });
});

describe('switching a field’s interface', () => {
  const ids = (list: { id: string }[]) => list.map((i) => i.id);

  it('offers interfaces of the same column type and no relation for a plain field', () => {
    const status = field('status', { meta: { interface: 'select-dropdown' } as Field['meta'] });
    const offered = ids(compatibleInterfaces(INTERFACES, status, null));
    expect(offered).toEqual(expect.arrayContaining(['input', 'select-dropdown', 'select-radio']));
    expect(offered).not.toContain('boolean');
    expect(offered).not.toContain('select-dropdown-m2o');
    expect(offered).not.toContain('workflow-state');
  });

  it('keeps a file field on file interfaces and a plain many-to-one off them', () => {
    const cover = field('cover', { type: 'uuid', meta: { interface: 'file' } as Field['meta'] });
    const toFiles = { kind: 'm2o', target: 'daas_files' } as FieldRelation;
    expect(ids(compatibleInterfaces(INTERFACES, cover, toFiles)).sort()).toEqual(
      ['file', 'file-image', 'select-dropdown-m2o'].sort(),
    );
    const owner = field('owner', {
      type: 'uuid',
      meta: { interface: 'select-dropdown-m2o' } as Field['meta'],
    });
    const toUsers = { kind: 'm2o', target: 'daas_users' } as FieldRelation;
    expect(ids(compatibleInterfaces(INTERFACES, owner, toUsers))).toEqual(['select-dropdown-m2o']);
  });
});
