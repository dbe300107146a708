import { describe, expect, it } from 'vitest';
import { applyConditions, parseConditions } from '@/lib/client/fields/conditions';
import type { Field } from '@/lib/client/fields/types';
import { matchesFilter, resolveDynamic } from '@/lib/client/items/match-filter';

function field(conditions: unknown, meta: Partial<NonNullable<Field['meta']>> = {}): Field {
  return {
    collection: 'articles',
    field: 'reason',
    type: 'string',
    schema: null,
    meta: { conditions, required: false, readonly: false, hidden: false, ...meta } as Field['meta'],
  };
}

describe('matchesFilter', () => {
  const item = {
    status: 'draft',
    views: 12,
    price: '9.50',
    tags: ['a', 'b'],
    author: { id: 3, name: 'Ada' },
    title: null,
    published: '2024-05-01T10:00:00Z',
  };

  it('compares values with the filter operators', () => {
    expect(matchesFilter({ status: { _eq: 'draft' } }, item)).toBe(true);
    expect(matchesFilter({ status: { _neq: 'draft' } }, item)).toBe(false);
    expect(matchesFilter({ views: { _gt: 10, _lte: 12 } }, item)).toBe(true);
    expect(matchesFilter({ views: { _eq: '12' } }, item)).toBe(true);
    expect(matchesFilter({ price: { _between: [9, 10] } }, item)).toBe(true);
    expect(matchesFilter({ status: { _in: ['draft', 'review'] } }, item)).toBe(true);
    expect(matchesFilter({ status: { _nin: 'draft,review' } }, item)).toBe(false);
    expect(matchesFilter({ title: { _null: true } }, item)).toBe(true);
    expect(matchesFilter({ title: { _empty: true }, status: { _nempty: true } }, item)).toBe(true);
    expect(matchesFilter({ status: { _icontains: 'RAF' } }, item)).toBe(true);
    expect(matchesFilter({ status: { _starts_with: 'dr', _ends_with: 'ft' } }, item)).toBe(true);
    expect(matchesFilter({ tags: { _intersects: ['b', 'c'] } }, item)).toBe(true);
    expect(matchesFilter({ tags: { _contains: 'c' } }, item)).toBe(false);
    expect(matchesFilter({ published: { _lt: '2025-01-01' } }, item)).toBe(true);
    expect(matchesFilter({ status: { _regex: '^d.a' } }, item)).toBe(true);
    expect(matchesFilter({ status: { _regex: '(' } }, item)).toBe(false);
    expect(matchesFilter({ status: { _unknown: 1 } }, item)).toBe(false);
  });

  it('combines rules with _and and _or and reads related items by key or nested', () => {
    expect(
      matchesFilter({ _or: [{ status: { _eq: 'published' } }, { views: { _gte: 10 } }] }, item),
    ).toBe(true);
    expect(
      matchesFilter({ _and: [{ status: { _eq: 'draft' } }, { views: { _lt: 10 } }] }, item),
    ).toBe(false);
    expect(matchesFilter({ author: { _eq: 3 } }, item)).toBe(true);
    expect(matchesFilter({ author: { name: { _eq: 'Ada' } } }, item)).toBe(true);
    expect(matchesFilter({ missing: { _eq: 'x' } }, item)).toBe(false);
  });

  it('resolves the dynamic values of the signed-in user and the clock', () => {
    const vars = {
      user: { id: 'u1', role: 'r1', first_name: 'Ada' },
      now: new Date('2024-06-01T00:00:00Z'),
    };
    expect(matchesFilter({ owner: { _eq: '$CURRENT_USER' } }, { owner: 'u1' }, vars)).toBe(true);
    expect(matchesFilter({ owner: { _eq: '$CURRENT_USER' } }, { owner: 'u2' }, vars)).toBe(false);
    expect(resolveDynamic('$CURRENT_USER.first_name', vars)).toBe('Ada');
    expect(resolveDynamic('$CURRENT_ROLES', vars)).toEqual(['r1']);
    expect(resolveDynamic('$NOW(-1 day)', vars)).toBe('2024-05-31T00:00:00.000Z');
    expect(matchesFilter({ due: { _lt: '$NOW' } }, { due: '2024-05-01' }, vars)).toBe(true);
    expect(resolveDynamic('$OTHER', vars)).toBe('$OTHER');
  });
});

describe('applyConditions', () => {
  const conditions = [
    { name: 'draft', rule: { status: { _eq: 'draft' } }, hidden: true },
    { name: 'rejected', rule: { status: { _eq: 'rejected' } }, required: true },
    {
      name: 'rejected-locked',
      rule: { _and: [{ status: { _eq: 'rejected' } }, { locked: { _eq: true } }] },
      readonly: true,
      options: { placeholder: 'Locked' },
    },
  ];

  it('applies what the matching condition sets and leaves the rest of the field alone', () => {
    const f = field(conditions, { note: 'Why', options: { trim: true } });
    expect(applyConditions(f, { status: 'draft' }, {}).meta?.hidden).toBe(true);
    const rejected = applyConditions(f, { status: 'rejected' }, {});
    expect(rejected.meta).toMatchObject({ required: true, hidden: false, note: 'Why' });
    expect(applyConditions(f, { status: 'published' }, {})).toBe(f);
  });

  it('lets the last matching condition win, as Directus does', () => {
    const f = field(conditions, { options: { trim: true } });
    const locked = applyConditions(f, { status: 'rejected', locked: true }, {});
    // The last match sets readonly and options; required stays the field's own.
    expect(locked.meta).toMatchObject({ readonly: true, required: false });
    expect(locked.meta?.options).toEqual({ trim: true, placeholder: 'Locked' });
  });

  it('ignores malformed entries', () => {
    const f = field([null, 'x', { rule: 'nope', hidden: true }]);
    expect(applyConditions(f, {}, {})).toBe(f);
  });
});

describe('parseConditions', () => {
  it('accepts a list of conditions and empty text', () => {
    expect(parseConditions('')).toEqual({ value: null });
    expect(parseConditions('[]')).toEqual({ value: null });
    const ok = parseConditions('[{"name":"a","rule":{"x":{"_eq":1}},"hidden":true}]');
    expect(ok).toEqual({ value: [{ name: 'a', rule: { x: { _eq: 1 } }, hidden: true }] });
  });

  it('names the first problem', () => {
    expect(parseConditions('[{')).toEqual({ problem: { kind: 'json' } });
    expect(parseConditions('{"rule":{}}')).toEqual({ problem: { kind: 'notList' } });
    expect(parseConditions('[{"rule":{"x":{"_eq":1}},"colour":"red"}]')).toEqual({
      problem: { kind: 'entry', index: 0 },
    });
    expect(parseConditions('[{"rule":{"a":{"_eq":1}}},{"rule":{}}]')).toEqual({
      problem: { kind: 'rule', index: 1 },
    });
    expect(parseConditions('[{"rule":{"a":{"_eq":1}},"required":"yes"}]')).toEqual({
      problem: { kind: 'flag', index: 0, key: 'required' },
    });
    expect(parseConditions('[{"rule":{"a":{"_eq":1}},"options":[]}]')).toEqual({
      problem: { kind: 'flag', index: 0, key: 'options' },
    });
  });
});
