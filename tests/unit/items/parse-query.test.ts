import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { emptyQuery, itemsQuerySchema, parseQuery } from '@/lib/items/parse';

function fails(raw: Record<string, string | string[]>, message: RegExp) {
  let error: unknown;
  try {
    parseQuery(raw);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  expect((error as AppError).code).toBe('INVALID_QUERY');
  expect((error as AppError).message).toMatch(message);
}

describe('parseQuery: both forms give the same query', () => {
  it.each([
    [
      'a simple filter',
      { 'filter[status][_eq]': 'published' },
      { filter: '{"status":{"_eq":"published"}}' },
    ],
    [
      'logical operators with indexes',
      { 'filter[_or][0][a][_eq]': '1', 'filter[_or][1][b][_null]': 'true' },
      { filter: '{"_or":[{"a":{"_eq":"1"}},{"b":{"_null":"true"}}]}' },
    ],
    [
      'a list operator as a comma list',
      { 'filter[id][_in]': '1,2' },
      { filter: '{"id":{"_in":["1","2"]}}' },
    ],
    [
      'a list operator as an array',
      { 'filter[id][_in][]': ['1', '2'] },
      { filter: '{"id":{"_in":"1,2"}}' },
    ],
    [
      'a relational filter with a quantifier',
      { 'filter[tags][_none][tag_id][name][_eq]': 'x' },
      { filter: '{"tags":{"_none":{"tag_id":{"name":{"_eq":"x"}}}}}' },
    ],
    [
      'aggregates',
      { 'aggregate[count]': '*', 'aggregate[sum]': 'a,b' },
      { aggregate: '{"count":"*","sum":["a","b"]}' },
    ],
    [
      'deep queries',
      {
        'deep[tags][_limit]': '5',
        'deep[tags][_filter][name][_eq]': 'x',
        'deep[tags][tag_id][_sort]': '-name',
      },
      { deep: '{"tags":{"_limit":5,"_filter":{"name":{"_eq":"x"}},"tag_id":{"_sort":["-name"]}}}' },
    ],
    ['aliases', { 'alias[first]': 'tags' }, { alias: '{"first":"tags"}' }],
    [
      'fields as a list',
      { fields: 'id,title, author.name' },
      { fields: '["id","title","author.name"]' },
    ],
    ['repeated fields', { 'fields[]': ['id', 'title'] }, { fields: ['id', 'title'] }],
    ['sort', { sort: '-date,title' }, { sort: '["-date","title"]' }],
    ['groupBy and meta', { groupBy: 'a,b', meta: '*' }, { 'groupBy[]': ['a', 'b'], meta: ['*'] }],
  ])('%s', (_name, bracket, json) => {
    expect(parseQuery(bracket)).toEqual(parseQuery(json));
    expect(parseQuery(bracket)).not.toEqual(emptyQuery());
  });
});

describe('parseQuery: values', () => {
  it('keeps bracket values as strings for the compiler to cast', () => {
    expect(parseQuery({ 'filter[views][_gt]': '5' }).filter).toEqual({ views: { _gt: '5' } });
  });

  it('reads the scalar parameters', () => {
    expect(
      parseQuery({ limit: '-1', offset: '10', page: '2', count: 'exact', search: 'hello' }),
    ).toMatchObject({ limit: -1, offset: 10, page: 2, count: 'exact', search: 'hello' });
  });

  it('defaults to estimated counts, all fields and no limit given', () => {
    expect(parseQuery({})).toEqual(emptyQuery());
    expect(parseQuery({ fields: '*' }).fields).toBeNull();
  });

  it('ignores parameters it does not know', () => {
    expect(parseQuery({ access_token: 'x', export: 'csv' })).toEqual(emptyQuery());
  });

  it('keeps a dynamic list value whole', () => {
    expect(parseQuery({ 'filter[role][_in]': '$CURRENT_ROLES' }).filter).toEqual({
      role: { _in: '$CURRENT_ROLES' },
    });
  });
});

describe('parseQuery: refusals name the parameter', () => {
  it.each([
    [{ filter: '{"status":' }, /"filter" is not valid JSON/],
    [{ filter: '[1]' }, /"filter" must be an object/],
    [{ filter: '{"_or":{"a":1}}' }, /"filter._or" must be an array/],
    [{ deep: 'nope' }, /"deep" is not valid JSON/],
    [{ aggregate: '{"median":"*"}' }, /Unknown aggregate function "median"/],
    [{ limit: 'ten' }, /"limit" must be an integer/],
    [{ limit: '-2' }, /"limit" must be at least -1/],
    [{ offset: '-1' }, /"offset" must be at least 0/],
    [{ page: '1.5' }, /"page" must be an integer/],
    [{ count: 'all' }, /"count" must be one of estimated, planned, exact/],
    [{ limit: ['1', '2'] }, /"limit" must be given once/],
    [{ 'limit[x]': '1' }, /"limit" does not take brackets/],
    [{ 'filter[a': '1' }, /Malformed parameter "filter\[a"/],
    [{ filter: '{"a":{"_eq":1}}', 'filter[b][_eq]': '2' }, /"filter" is given in more than one/],
    [{ 'filter[a][_eq]': '1', 'filter[a][_eq][x]': '2' }, /conflicts/],
    [{ 'filter[__proto__][x]': '1' }, /Malformed parameter/],
    [{ 'deep[tags][_bogus]': '1' }, /Unknown parameter "deep.tags._bogus"/],
    [{ 'alias[a b]': 'x' }, /Invalid alias name/],
    [{ fields: '[1,2]' }, /"fields" must be a list of strings/],
  ])('%j', (raw, message) => fails(raw, message));

  it('refuses filters nested beyond the limit', () => {
    let filter: Record<string, unknown> = { a: { _eq: 1 } };
    for (let i = 0; i < 30; i++) filter = { _and: [filter] };
    fails({ filter: JSON.stringify(filter) }, /nested too deeply/);
  });

  it('refuses oversized filters', () => {
    const filter = { _or: Array.from({ length: 1200 }, (_, i) => ({ [`f${i}`]: { _eq: i } })) };
    fails({ filter: JSON.stringify(filter) }, /too large/);
  });
});

describe('itemsQuerySchema', () => {
  it('accepts bracket keys and repeated values', () => {
    expect(
      itemsQuerySchema.safeParse({ 'filter[a][_eq]': '1', fields: ['a', 'b'], limit: '5' }).success,
    ).toBe(true);
  });
});
