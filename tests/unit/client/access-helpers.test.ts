import { describe, expect, it } from 'vitest';
import { isCidr, parseAllowList } from '@/components/studio/access/policies/cidr';
import { parseJsonObject, ruleState } from '@/components/studio/access/permissions/rule-state';
import { buildTree, subtreeIds } from '@/components/studio/access/tree';
import { itemsQueryString } from '@/lib/client/access/query-string';
import type { PermissionRule } from '@/lib/client/access/types';

const rule = (over: Partial<PermissionRule> = {}): PermissionRule => ({
  id: 1,
  policy: 'p',
  collection: 'c',
  action: 'read',
  fields: ['*'],
  permissions: null,
  validation: null,
  presets: null,
  ...over,
});

describe('IP allow-list entries', () => {
  it('accepts IPv4 and IPv6 addresses with or without a prefix length', () => {
    for (const ok of ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1', 'fe80::1/64']) {
      expect(isCidr(ok)).toBe(true);
    }
  });

  it('refuses out-of-range parts, prefixes and text', () => {
    for (const bad of [
      '256.0.0.1',
      '10.0.0.0/33',
      '2001:db8::/129',
      'localhost',
      '1.2.3',
      '1::2::3',
    ]) {
      expect(isCidr(bad)).toBe(false);
    }
  });

  it('reads one entry per line or comma and names the bad ones', () => {
    expect(parseAllowList('10.0.0.0/8\n\n  ::1 , nope')).toEqual({
      entries: ['10.0.0.0/8', '::1', 'nope'],
      invalid: ['nope'],
    });
  });
});

describe('permission cell state', () => {
  it('is none without a rule, all for every field and nothing else, custom otherwise', () => {
    expect(ruleState(undefined)).toBe('none');
    expect(ruleState(rule())).toBe('all');
    expect(ruleState(rule({ permissions: {} }))).toBe('all');
    expect(ruleState(rule({ fields: ['id'] }))).toBe('custom');
    expect(ruleState(rule({ permissions: { owner: { _eq: '$CURRENT_USER' } } }))).toBe('custom');
    expect(ruleState(rule({ presets: { status: 'draft' } }))).toBe('custom');
  });

  it('parses a JSON object and tells bad JSON from a non-object', () => {
    expect(parseJsonObject('')).toEqual({ value: null });
    expect(parseJsonObject('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(parseJsonObject('{"a": ').error).toBe('json');
    expect(parseJsonObject('[1]').error).toBe('object');
  });
});

describe('trees from parent links', () => {
  const rows = [
    { id: 'a', parent: null },
    { id: 'b', parent: 'a' },
    { id: 'c', parent: 'b' },
    { id: 'd', parent: 'missing' },
  ];

  it('nests children under parents and treats a missing parent as a root', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.row.id)).toEqual(['a', 'd']);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ row: { id: 'c' }, depth: 2 });
  });

  it('survives a cycle and lists a subtree', () => {
    expect(
      buildTree([
        { id: 'x', parent: 'y' },
        { id: 'y', parent: 'x' },
      ]),
    ).toEqual([]);
    expect([...subtreeIds(rows, 'b')].sort()).toEqual(['b', 'c']);
  });
});

describe('items query string', () => {
  it('encodes fields, a JSON filter, search, paging and meta; leaves out what is empty', () => {
    const text = itemsQueryString({
      fields: ['id', 'email'],
      filter: { status: { _eq: 'active' } },
      search: ' ada ',
      limit: 25,
      page: 2,
      meta: 'filter_count',
    });
    const params = new URLSearchParams(text.slice(1));
    expect(params.get('fields')).toBe('id,email');
    expect(JSON.parse(params.get('filter')!)).toEqual({ status: { _eq: 'active' } });
    expect(params.get('search')).toBe('ada');
    expect(params.get('page')).toBe('2');
    expect(itemsQueryString({ filter: {}, search: '  ' })).toBe('');
  });
});
