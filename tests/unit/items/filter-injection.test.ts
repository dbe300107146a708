import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { compileFunctionField } from '@/lib/items/functions';
import { parseQuery } from '@/lib/items/parse';
import type { Filter } from '@/lib/items/query';
import { schema, where } from './filter-fixture';

const HOSTILE = [
  `x' or '1'='1`,
  `x"; drop table posts; --`,
  `1) or (1=1`,
  `title" = "title`,
  `a as password`,
  `daas_users.password`,
  `%' --`,
  `\\'; select pg_sleep(10); --`,
];

/** Either a 4xx naming the problem, or SQL whose text holds none of the hostile input. */
function safe(filter: Filter, hostile: string) {
  let out: { sql: string; parameters: unknown[] } | undefined;
  try {
    out = where(filter);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBeGreaterThanOrEqual(400);
    expect((e as AppError).status).toBeLessThan(500);
    return 'refused';
  }
  expect(out.sql).not.toContain(hostile);
  return 'bound';
}

describe('filter: hostile input never reaches the SQL text', () => {
  it.each(HOSTILE)('as a field name: %s', (h) => {
    expect(safe({ [h]: { _eq: 1 } }, h)).toBe('refused');
    expect(safe({ author: { [h]: { _eq: 1 } } }, h)).toBe('refused');
    expect(safe({ comments: { _every: { [h]: { _eq: 1 } } } }, h)).toBe('refused');
  });

  it.each(HOSTILE)('as an operator: %s', (h) => {
    expect(safe({ title: { [h]: 'x' } }, h)).toBe('refused');
    expect(safe({ title: { [`_${h}`]: 'x' } }, h)).toBe('refused');
  });

  it.each(HOSTILE)('as a value of every text operator: %s', (h) => {
    for (const op of [
      '_eq',
      '_neq',
      '_contains',
      '_icontains',
      '_starts_with',
      '_niends_with',
      '_in',
      '_gt',
    ]) {
      expect(safe({ title: { [op]: h } }, h)).toBe('bound');
    }
    expect(where({ title: { _eq: h } }).parameters).toEqual([h]);
    expect(safe({ labels: { _intersects: [h] } }, h)).toBe('bound');
    expect(safe({ metadata: { _contains: h } }, h)).toBe('bound');
    expect(safe({ metadata: { _eq: h } }, h)).toBe('bound');
  });

  it.each(HOSTILE)('as a typed value: %s', (h) => {
    for (const field of [
      'views',
      'big',
      'rating',
      'price',
      'published',
      'uid',
      'day',
      'at',
      'date_created',
    ]) {
      expect(safe({ [field]: { _eq: h } }, h)).toBe('refused');
    }
  });

  it.each(HOSTILE)('as a function name or argument: %s', (h) => {
    expect(safe({ [`${h}(views)`]: { _eq: 1 } }, h)).toBe('refused');
    expect(safe({ [`year(${h})`]: { _eq: 1 } }, h)).toBe('refused');
    expect(safe({ [`count(${h})`]: { _eq: 1 } }, h)).toBe('refused');
    // A path made of word segments is valid (and bound); anything else is refused.
    safe({ [`json(metadata, ${h})`]: { _eq: 1 } }, h);
    expect(safe({ [`json(${h}, a)`]: { _eq: 1 } }, h)).toBe('refused');
    expect(() =>
      compileFunctionField(`year(${h})`, { schema, collection: 'posts', alias: 'p' }),
    ).toThrow(AppError);
  });

  it.each(HOSTILE)('as a dynamic value: %s', (h) => {
    expect(safe({ title: { _eq: `$CURRENT_USER.${h}` } }, h)).toBe('refused');
    expect(safe({ date_created: { _eq: `$NOW(${h})` } }, h)).toBe('refused');
  });

  it('json path segments are bound, not written into the SQL', () => {
    const out = where({ 'json(metadata, secret-key.items[3])': { _eq: 'x' } });
    expect(out.sql).not.toContain('secret-key');
    expect(out.parameters).toEqual(['secret-key', 'items', '3', 'x']);
  });

  it('LIKE wildcards in a term match literally', () => {
    expect(where({ title: { _contains: '%' } }).parameters).toEqual(['%\\%%']);
    expect(where({ title: { _starts_with: '_' } }).parameters).toEqual(['\\_%']);
    expect(where({ title: { _ends_with: '\\' } }).parameters).toEqual(['%\\\\']);
  });

  it('prototype keys are neither fields nor operators', () => {
    expect(safe(JSON.parse('{"__proto__":{"_eq":1}}') as Filter, '__proto__')).toBe('refused');
    expect(safe({ constructor: { _eq: 1 } }, 'constructor')).toBe('refused');
    expect(safe({ title: { toString: 'x' } }, 'toString')).toBe('refused');
  });

  it('hostile filters through the query string stay values', () => {
    const q = parseQuery({ [`filter[title][_eq]`]: `'; drop table posts; --` });
    const out = where(q.filter as Filter);
    expect(out.sql).toBe('"p"."title" = $1');
    expect(out.parameters).toEqual([`'; drop table posts; --`]);
  });
});
