import { describe, expect, it } from 'vitest';
import { collectionCreateBody } from '@/lib/client/collections/collection-payload';
import { collectionTree } from '@/lib/client/collections/collection-tree';
import type { Collection } from '@/lib/client/collections/schema-types';

function collection(
  name: string,
  extra: { group?: string; folder?: boolean; system?: boolean } = {},
): Collection {
  return {
    collection: name,
    meta: extra.group ? { group: extra.group, indexes: [] } : null,
    schema: extra.folder ? null : { name, schema: 'public', comment: null },
    system: extra.system ?? false,
    type: 'table',
  };
}

const names = (nodes: ReturnType<typeof collectionTree>): unknown[] =>
  nodes.map((n) =>
    n.children.length ? [n.collection.collection, names(n.children)] : n.collection.collection,
  );

describe('collection tree', () => {
  const all = [
    collection('blog', { folder: true }),
    collection('posts', { group: 'blog' }),
    collection('authors', { group: 'blog' }),
    collection('orders'),
    collection('daas_users', { system: true }),
  ];

  it('nests collections under their folders and hides system ones', () => {
    expect(names(collectionTree(all))).toEqual([['blog', ['authors', 'posts']], 'orders']);
  });

  it('keeps a folder when something inside it matches the search', () => {
    expect(names(collectionTree(all, { search: 'post' }))).toEqual([['blog', ['posts']]]);
  });

  it('shows system collections when asked', () => {
    expect(names(collectionTree(all, { system: true, search: 'users' }))).toEqual(['daas_users']);
  });
});

describe('collection create body', () => {
  it('adds the chosen key and optional fields with archive and sort settings', () => {
    const body = collectionCreateBody({
      name: 'articles',
      folder: false,
      primaryKey: 'uuid',
      optional: ['sort', 'status'],
    });
    expect(body.fields?.map((f) => [f.field, f.type])).toEqual([
      ['id', 'uuid'],
      ['status', 'string'],
      ['sort', 'integer'],
    ]);
    expect(body.meta).toMatchObject({ archive_field: 'status', sort_field: 'sort' });
  });

  it('makes a folder without a table', () => {
    expect(
      collectionCreateBody({ name: 'blog', folder: true, primaryKey: 'integer', optional: [] }),
    ).toEqual({
      collection: 'blog',
      schema: null,
      meta: {},
    });
  });
});
