import { describe, expect, it } from 'vitest';
import { copyPayload } from '@/components/studio/content/editor/copy-payload';
import {
  fillTemplate,
  layoutTree,
  safeHref,
  widthClass,
} from '@/components/studio/content/editor/layout-tree';
import type { EditorField } from '@/components/studio/content/editor/use-editor-schema';
import type { Field } from '@/lib/client/fields/types';

function f(name: string, meta: Record<string, unknown> = {}, schema: unknown = {}): Field {
  return {
    collection: 'c',
    field: name,
    type: schema === null ? 'alias' : 'string',
    schema: schema as Field['schema'],
    meta: meta as Field['meta'],
  };
}
const group = (name: string, ui = 'group-detail', meta = {}) =>
  f(name, { interface: ui, ...meta }, null);
const names = (nodes: ReturnType<typeof layoutTree<Field>>): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.item.field, names(n.children)] : n.item.field));

describe('layoutTree', () => {
  it('puts fields under the group their meta.group names, keeping their order', () => {
    const fields = [
      f('title'),
      group('details'),
      f('body', { group: 'details' }),
      group('inner', 'group-raw', { group: 'details' }),
      f('deep', { group: 'inner' }),
      f('orphan', { group: 'gone' }),
    ];
    expect(names(layoutTree(fields, (x) => x))).toEqual([
      'title',
      ['details', ['body', ['inner', ['deep']]]],
      'orphan',
    ]);
  });

  it('keeps fields of a group cycle at the top instead of losing them', () => {
    const fields = [
      group('a', 'group-raw', { group: 'b' }),
      group('b', 'group-raw', { group: 'a' }),
    ];
    const tree = layoutTree(fields, (x) => x);
    const all = JSON.stringify(names(tree));
    expect(all).toContain('"a"');
    expect(all).toContain('"b"');
  });

  it('lays half-width fields two to a row and the rest across', () => {
    expect(widthClass(f('a', { width: 'half' }))).toBe('sm:col-span-1');
    expect(widthClass(f('a', { width: 'fill' }))).toBe('sm:col-span-2');
    expect(widthClass(f('a', { width: null }))).toBe('sm:col-span-2');
  });

  it('fills link templates from the item and refuses script addresses', () => {
    expect(
      fillTemplate('https://x.test/{{ slug }}?a={{author.id}}', { slug: 'a b', author: { id: 3 } }),
    ).toBe('https://x.test/a%20b?a=3');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('/en/content/x')).toBe('/en/content/x');
    expect(safeHref('https://x.test')).toBe('https://x.test');
  });
});

describe('copyPayload', () => {
  const ef = (field: Field, rel: EditorField['rel'] = null): EditorField => ({
    field,
    rel,
    relatedPk: 'id',
    display: { primaryKey: 'id', template: null, fields: ['id'] },
    junctionPk: null,
  });
  const fields = [
    ef(f('id', {}, { is_primary_key: true })),
    ef(f('title')),
    ef(f('created', { special: ['date-created'] })),
    ef(f('owner', { special: ['user-created'] })),
    ef(f('author'), { kind: 'm2o', related: 'authors' }),
    ef(f('tags', {}, null), {
      kind: 'o2m',
      related: 'tags',
      foreignKey: 'article',
      sortField: null,
    }),
  ];
  const values = {
    id: 7,
    title: 'Edited',
    created: '2024-01-01',
    owner: 'u',
    author: { id: 3, name: 'Ada' },
    tags: [{ id: 1 }],
  };

  it('copies values without the key, the stamped fields or the lists', () => {
    expect(copyPayload(fields, values, null, () => true)).toEqual({ title: 'Edited', author: 3 });
  });

  it('copies only the duplication fields and what the caller may create', () => {
    expect(copyPayload(fields, values, ['author.name'], () => true)).toEqual({ author: 3 });
    expect(copyPayload(fields, values, null, (x) => x !== 'title')).toEqual({ author: 3 });
  });
});
