import { describe, expect, it } from 'vitest';
import { collectionKeys } from '@/lib/client/collections/keys';
import { fieldKeys } from '@/lib/client/fields/keys';
import { itemKeys } from '@/lib/client/items/keys';
import { permissionKeys } from '@/lib/client/permissions/keys';
import { relationKeys } from '@/lib/client/relations/keys';
import { revisionKeys } from '@/lib/client/revisions/keys';

function startsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, i) => key[i] === part);
}

describe('query key factories', () => {
  it('put the scope in every key, with no scope and null alike', () => {
    expect(collectionKeys.list()).toEqual(collectionKeys.list(null));
    expect(collectionKeys.list('/acme')).not.toEqual(collectionKeys.list());
    expect(fieldKeys.list('articles', '/acme')).toContain('/acme');
  });

  it('keep the explicit root scope apart from no scope', () => {
    expect(permissionKeys.me('')).not.toEqual(permissionKeys.me());
  });

  it('nest every key under its root and its scope, so invalidation by prefix works', () => {
    const pairs: [readonly unknown[], readonly unknown[]][] = [
      [collectionKeys.list('/a'), collectionKeys.all('/a')],
      [collectionKeys.detail('x', '/a'), collectionKeys.root],
      [fieldKeys.list('x', '/a'), fieldKeys.all('/a')],
      [fieldKeys.list('x'), fieldKeys.root],
      [relationKeys.list('/a'), relationKeys.root],
      [permissionKeys.me('/a'), permissionKeys.all('/a')],
    ];
    for (const [key, prefix] of pairs) expect(startsWith(key, prefix)).toBe(true);
  });

  it('keep items and revisions of one scope apart from another scope', () => {
    const query = { fields: ['id'], page: 1 };
    expect(itemKeys.list('articles', query, '/acme')).not.toEqual(itemKeys.list('articles', query));
    expect(itemKeys.list('articles', query, undefined)).toEqual(
      itemKeys.list('articles', query, null),
    );
    expect(itemKeys.detail('articles', 1, ['id'], '/acme')).not.toEqual(
      itemKeys.detail('articles', 1, ['id'], '/beta'),
    );
    expect(revisionKeys.page('articles', '1', 1, '/acme')).not.toEqual(
      revisionKeys.page('articles', '1', 1),
    );
  });

  it('let a write invalidate the items and revisions it touched in every scope', () => {
    const pairs: [readonly unknown[], readonly unknown[]][] = [
      [itemKeys.list('articles', {}, '/a'), itemKeys.collection('articles')],
      [itemKeys.list('articles', {}, '/a'), itemKeys.lists('articles')],
      [itemKeys.detail('articles', 1, [], '/a'), itemKeys.details('articles')],
      [revisionKeys.page('articles', '1', 2, '/a'), revisionKeys.item('articles', '1')],
    ];
    for (const [key, prefix] of pairs) expect(startsWith(key, prefix)).toBe(true);
  });
});
