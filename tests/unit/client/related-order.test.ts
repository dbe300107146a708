import { describe, expect, it } from 'vitest';
import { buildPayload } from '@/components/studio/content/editor/payload';
import type { EditorField } from '@/components/studio/content/editor/use-editor-schema';
import {
  orderChange,
  orderedRows,
  relatedRows,
  toNestedWrite,
  type RelatedShape,
} from '@/components/studio/content/relations/related-model';
import { moveItem } from '@/lib/client/fields/field-order';
import type { Field } from '@/lib/client/fields/types';
import type { Item } from '@/lib/client/items/types';

const o2m: RelatedShape = {
  rel: { kind: 'o2m', related: 'comments', foreignKey: 'article', sortField: 'position' },
  relatedPk: 'id',
  junctionPk: null,
};
const m2m: RelatedShape = {
  rel: {
    kind: 'm2m',
    junction: 'articles_tags',
    junctionSelf: 'articles_id',
    junctionRelated: 'tags_id',
    related: 'tags',
    sortField: 'sort',
  },
  relatedPk: 'id',
  junctionPk: 'id',
};
const comments = [
  { id: 1, body: 'a', position: 1 },
  { id: 2, body: 'b', position: 2 },
  { id: 3, body: 'c', position: 3 },
];

/** The order after moving the row at `from` to `to`, as the list stages it. */
function moved(shape: RelatedShape, current: Item[], from: number, to: number) {
  const rows = relatedRows(shape, current);
  return orderChange(rows, moveItem(rows, from, to));
}

describe('reordering a relation list', () => {
  it('shows rows by their sort value, rows without one last in the order read', () => {
    const read = [
      { id: 7, position: null },
      { id: 8, position: 2 },
      { id: 9, position: 1 },
      { id: 6, position: null },
    ];
    expect(relatedRows(o2m, read).map((r) => r.key)).toEqual([9, 8, 7, 6]);
  });

  it('reads a many-to-many row’s sort value and key from the junction row', () => {
    const read = [
      { id: 21, sort: 2, tags_id: { id: 5, label: 'x' } },
      { id: 20, sort: 1, tags_id: { id: 4, label: 'y' } },
    ];
    expect(relatedRows(m2m, read)).toEqual([
      { key: 20, sort: 1, item: { id: 4, label: 'y' } },
      { key: 21, sort: 2, item: { id: 5, label: 'x' } },
    ]);
  });

  it('stages no order once the rows are back where they were read', () => {
    const rows = relatedRows(o2m, comments);
    const there = moveItem(rows, 0, 2);
    expect(orderChange(rows, there)).toEqual([2, 3, 1]);
    expect(orderChange(rows, moveItem(there, 2, 0))).toBeUndefined();
    expect(orderedRows(rows, [2, 3, 1]).map((r) => r.key)).toEqual([2, 3, 1]);
  });

  it('updates the sort value of only the one-to-many rows whose place changed', () => {
    const order = moved(o2m, comments, 2, 1);
    expect(toNestedWrite(o2m, comments, { added: [], removed: [], order })).toEqual({
      create: [],
      update: [
        { id: 3, position: 2 },
        { id: 2, position: 3 },
      ],
      delete: [],
    });
  });

  it('updates junction rows by the junction key and numbers new links after them', () => {
    const read = [
      { id: 20, sort: 1, tags_id: { id: 4 } },
      { id: 21, sort: 2, tags_id: { id: 5 } },
    ];
    const order = moved(m2m, read, 1, 0);
    const changes = { added: [{ key: 9, display: {} }], removed: [], order };
    expect(toNestedWrite(m2m, read, changes)).toEqual({
      create: [{ tags_id: 9, sort: 3 }],
      update: [
        { id: 21, sort: 1 },
        { id: 20, sort: 2 },
      ],
      delete: [],
    });
  });

  it('gives added items sort values after the existing ones without touching those', () => {
    const changes = {
      added: [
        { values: { body: 'new' }, display: {} },
        { key: 12, display: {} },
      ],
      removed: [],
    };
    expect(toNestedWrite(o2m, comments, changes)).toEqual({
      create: [{ body: 'new', position: 4 }],
      update: [{ id: 12, position: 5 }],
      delete: [],
    });
  });

  it('leaves removed rows out of the numbering', () => {
    const order = moved(o2m, comments, 2, 0);
    expect(toNestedWrite(o2m, comments, { added: [], removed: [1], order })).toEqual({
      create: [],
      update: [{ id: 3, position: 1 }],
      delete: [1],
    });
  });

  it('numbers rows that had no sort value once the list changes', () => {
    const read = comments.map((c) => ({ ...c, position: null }));
    const order = moved(o2m, read, 1, 0);
    expect(toNestedWrite(o2m, read, { added: [], removed: [], order }).update).toEqual([
      { id: 2, position: 1 },
      { id: 1, position: 2 },
      { id: 3, position: 3 },
    ]);
  });

  it('sends no sort values for a relation without a sort field', () => {
    const plain: RelatedShape = { ...o2m, rel: { ...o2m.rel, sortField: null } };
    const changes = { added: [{ values: { body: 'new' }, display: {} }], removed: [2] };
    expect(toNestedWrite(plain, comments, changes)).toEqual({
      create: [{ body: 'new' }],
      update: [],
      delete: [2],
    });
  });

  it('puts a reordered list into the save payload and nothing for an untouched one', () => {
    const field: EditorField = {
      field: { collection: 'articles', field: 'comments', type: 'alias', schema: null } as Field,
      rel: o2m.rel,
      relatedPk: 'id',
      display: { primaryKey: 'id', template: null, fields: ['id', 'body'] },
      junctionPk: null,
    };
    const initial = { id: 1, comments };
    const order = moved(o2m, comments, 0, 1);
    const values = { ...initial, comments: { added: [], removed: [], order } };
    expect(buildPayload([field], initial, values, false)).toEqual({
      comments: {
        create: [],
        update: [
          { id: 2, position: 1 },
          { id: 1, position: 2 },
        ],
        delete: [],
      },
    });
    const untouched = { ...initial, comments: { added: [], removed: [] } };
    expect(buildPayload([field], initial, untouched, false)).toEqual({});
  });
});
