import { describe, expect, it } from 'vitest';
import { parseFilter, toFilter } from '@/components/studio/kit/filter-builder/model';
import { OPERATORS, operatorsFor } from '@/components/studio/kit/filter-builder/operators';
import { readRawFilter } from '@/components/studio/kit/filter-builder/raw-json';
import { FILTER_OPERATORS } from '@/lib/items/query';

describe('filter builder model', () => {
  it('offers exactly the operators the query language has', () => {
    expect(Object.keys(OPERATORS).sort()).toEqual([...FILTER_OPERATORS].sort());
  });

  it('round-trips an and-group of rules', () => {
    const filter = { _and: [{ status: { _eq: 'draft' } }, { views: { _gt: 3 } }] };
    expect(toFilter(parseFilter(filter)!)).toEqual(filter);
  });

  it('reads a relational path as one rule on author.name', () => {
    const tree = parseFilter({ author: { name: { _icontains: 'ada' } } })!;
    expect(tree.children).toMatchObject([
      { kind: 'rule', field: 'author.name', operator: '_icontains', value: 'ada' },
    ]);
    expect(toFilter(tree)).toEqual({ _and: [{ author: { name: { _icontains: 'ada' } } }] });
  });

  it('reads implicit and over several keys and nested or-groups', () => {
    const tree = parseFilter({ a: { _eq: 1 }, b: { _neq: 2 } })!;
    expect(toFilter(tree)).toEqual({ _and: [{ a: { _eq: 1 } }, { b: { _neq: 2 } }] });
    const nested = parseFilter({
      _or: [{ a: { _null: true } }, { _and: [{ b: { _in: [1, 2] } }] }],
    })!;
    expect(nested.logic).toBe('_or');
    expect(toFilter(nested)).toEqual({
      _or: [{ a: { _null: true } }, { _and: [{ b: { _in: [1, 2] } }] }],
    });
  });

  it('leaves quantifiers to the JSON tab', () => {
    expect(parseFilter({ tags: { _some: { name: { _eq: 'x' } } } })).toBeNull();
  });

  it('turns an empty tree into no filter and skips rules still being filled in', () => {
    const tree = parseFilter(null)!;
    expect(toFilter(tree)).toBeNull();
    tree.children.push({ kind: 'rule', id: 'x', field: '', operator: '_eq', value: 1 });
    tree.children.push({ kind: 'rule', id: 'y', field: 'a', operator: '_eq', value: '' });
    tree.children.push({ kind: 'rule', id: 'z', field: 'a', operator: '_between', value: [1, ''] });
    expect(toFilter(tree)).toBeNull();
    tree.children.push({ kind: 'rule', id: 'w', field: 'a', operator: '_null', value: true });
    expect(toFilter(tree)).toEqual({ _and: [{ a: { _null: true } }] });
  });

  it('offers ordering operators on numbers but not on booleans', () => {
    expect(operatorsFor('integer')).toContain('_between');
    expect(operatorsFor('boolean')).not.toContain('_gt');
  });

  it('validates raw JSON', () => {
    expect(readRawFilter('')).toEqual({ ok: true, value: null });
    expect(readRawFilter('{"a":{"_eq":1}}')).toEqual({ ok: true, value: { a: { _eq: 1 } } });
    expect(readRawFilter('[1]')).toMatchObject({ ok: false, reason: 'notObject' });
    expect(readRawFilter('{a:')).toMatchObject({ ok: false, reason: 'syntax' });
  });
});
