import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { escapeLike } from '@/lib/items/filter';
import { compileFunctionField } from '@/lib/items/functions';
import type { Filter } from '@/lib/items/query';
import { relationOf, resolvePath } from '@/lib/items/relations-path';
import { caller, compileSql, schema, USER, where } from './filter-fixture';

const P = (col: string) => `"p"."${col}"`;

function refused(filter: Filter, status: number, message: RegExp, options = {}) {
  let error: unknown;
  try {
    where(filter, options);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).message).toMatch(message);
}

describe('compileFilter: operators', () => {
  it.each<[string, Filter, string, unknown[]]>([
    ['_eq casts to the field type', { views: { _eq: '5' } }, `${P('views')} = $1`, [5]],
    ['_neq', { title: { _neq: 'a' } }, `${P('title')} <> $1`, ['a']],
    ['_lt', { rating: { _lt: '1.5' } }, `${P('rating')} < $1`, [1.5]],
    ['_lte', { price: { _lte: '9.99' } }, `${P('price')} <= $1`, ['9.99']],
    ['_gt', { big: { _gt: '9007199254740993' } }, `${P('big')} > $1`, ['9007199254740993']],
    ['_gte', { day: { _gte: '2024-01-01' } }, `${P('day')} >= $1`, ['2024-01-01']],
    ['_in', { views: { _in: ['1', '2'] } }, `${P('views')} in ($1, $2)`, [1, 2]],
    ['_in with a comma list', { views: { _in: '1,2' } }, `${P('views')} in ($1, $2)`, [1, 2]],
    ['_in with nothing', { views: { _in: [] } }, 'false', []],
    ['_nin', { views: { _nin: [3] } }, `not (${P('views')} in ($1))`, [3]],
    ['_null', { title: { _null: true } }, `${P('title')} is null`, []],
    ['_null false', { title: { _null: 'false' } }, `${P('title')} is not null`, []],
    ['_nnull', { title: { _nnull: 1 } }, `${P('title')} is not null`, []],
    [
      '_contains escapes LIKE wildcards',
      { title: { _contains: '5%_\\' } },
      `${P('title')} like $1`,
      ['%5\\%\\_\\\\%'],
    ],
    ['_ncontains', { title: { _ncontains: 'a' } }, `not (${P('title')} like $1)`, ['%a%']],
    ['_icontains', { body: { _icontains: 'A' } }, `${P('body')} ilike $1`, ['%A%']],
    ['_nicontains', { body: { _nicontains: 'A' } }, `not (${P('body')} ilike $1)`, ['%A%']],
    ['_starts_with', { title: { _starts_with: 'a' } }, `${P('title')} like $1`, ['a%']],
    ['_istarts_with', { title: { _istarts_with: 'a' } }, `${P('title')} ilike $1`, ['a%']],
    ['_nstarts_with', { title: { _nstarts_with: 'a' } }, `not (${P('title')} like $1)`, ['a%']],
    ['_nistarts_with', { title: { _nistarts_with: 'a' } }, `not (${P('title')} ilike $1)`, ['a%']],
    ['_ends_with', { title: { _ends_with: 'a' } }, `${P('title')} like $1`, ['%a']],
    ['_iends_with', { title: { _iends_with: 'a' } }, `${P('title')} ilike $1`, ['%a']],
    ['_nends_with', { title: { _nends_with: 'a' } }, `not (${P('title')} like $1)`, ['%a']],
    ['_niends_with', { title: { _niends_with: 'a' } }, `not (${P('title')} ilike $1)`, ['%a']],
    ['_between', { views: { _between: ['1', '5'] } }, `${P('views')} between $1 and $2`, [1, 5]],
    ['_nbetween', { views: { _nbetween: '1,5' } }, `not (${P('views')} between $1 and $2)`, [1, 5]],
    [
      '_empty on text',
      { title: { _empty: true } },
      `(${P('title')} is null or ${P('title')} = '')`,
      [],
    ],
    ['_nempty on an integer', { views: { _nempty: true } }, `not (${P('views')} is null)`, []],
    ['booleans accept 1/0', { published: { _eq: '0' } }, `${P('published')} = $1`, [false]],
    ['uuids', { uid: { _eq: USER.toUpperCase() } }, `${P('uid')} = $1`, [USER]],
  ])('%s', (_name, filter, sql, parameters) => {
    expect(where(filter)).toEqual({ sql, parameters });
  });

  it('_contains on csv tests for an element', () => {
    const out = where({ labels: { _contains: 'a' } });
    expect(out.sql).toContain(`unnest(string_to_array(${P('labels')}, ','))`);
    expect(out.parameters).toEqual(['a']);
  });

  it('_intersects on json arrays binds every element', () => {
    const out = where({ metadata: { _intersects: ['a', 'b'] } });
    expect(out.sql).toContain(`jsonb_array_elements_text(${P('metadata')}::jsonb)`);
    expect(out.sql).toContain('e.v in ($1, $2)');
    expect(out.parameters).toEqual(['a', 'b']);
  });

  it('_empty on json also counts an empty array', () => {
    expect(where({ metadata: { _empty: true } }).sql).toContain(
      `${P('metadata')}::jsonb = '[]'::jsonb`,
    );
  });

  it('joins several operators and logical groups at any depth', () => {
    expect(
      where({ _or: [{ views: { _gt: 1, _lt: 9 } }, { _and: [{ title: { _eq: 'x' } }] }] }),
    ).toEqual({
      sql: `((${P('views')} > $1 and ${P('views')} < $2) or ${P('title')} = $3)`,
      parameters: [1, 9, 'x'],
    });
  });
});

describe('compileFilter: relations', () => {
  it('m2o path is an EXISTS on the related table', () => {
    expect(where({ author: { name: { _eq: 'x' } } })).toEqual({
      sql: 'exists (select 1 from "authors" as "p__f0" where "p__f0"."id" = "p"."author" and "p__f0"."name" = $1)',
      parameters: ['x'],
    });
  });

  it('m2o field takes operators on its own key', () => {
    expect(where({ author: { _eq: '3' } })).toEqual({
      sql: `${P('author')} = $1`,
      parameters: [3],
    });
  });

  it('o2m defaults to _some', () => {
    expect(where({ comments: { body: { _eq: 'x' } } }).sql).toBe(
      'exists (select 1 from "comments" as "p__f0" where "p__f0"."post" = "p"."id" and "p__f0"."body" = $1)',
    );
  });

  it('_none is NOT EXISTS', () => {
    expect(where({ comments: { _none: { body: { _eq: 'x' } } } }).sql).toMatch(
      /^not exists \(select 1 from "comments"/,
    );
  });

  it('_every looks for a non-matching row (true for no rows)', () => {
    expect(where({ comments: { _every: { body: { _eq: 'x' } } } }).sql).toBe(
      'not exists (select 1 from "comments" as "p__f0" where "p__f0"."post" = "p"."id" and not coalesce("p__f0"."body" = $1, false))',
    );
  });

  it('m2m goes through the junction', () => {
    expect(where({ tags: { tags_id: { name: { _eq: 'x' } } } }).sql).toBe(
      'exists (select 1 from "posts_tags" as "p__f0" where "p__f0"."posts_id" = "p"."id" and exists (select 1 from "tags" as "p__f1" where "p__f1"."id" = "p__f0"."tags_id" and "p__f1"."name" = $1))',
    );
  });

  it('adds the related collection filter inside the subquery', () => {
    const out = where(
      { author: { name: { _eq: 'x' } } },
      {
        relatedFilter: (c: string) => (c === 'authors' ? { user: { _eq: '$CURRENT_USER' } } : null),
      },
    );
    expect(out.sql).toContain('"p__f0"."user" = $1 and "p__f0"."name" = $2');
    expect(out.parameters).toEqual([USER, 'x']);
  });
});

describe('compileFilter: functions and dynamic values', () => {
  it('year() extracts and casts the value to an integer', () => {
    expect(where({ 'year(date_created)': { _eq: '2024' } })).toEqual({
      sql: `cast(floor(extract(year from ${P('date_created')})) as integer) = $1`,
      parameters: [2024],
    });
  });

  it.each(['month', 'week', 'day', 'weekday', 'hour', 'minute', 'second'])(
    '%s() on a timestamp',
    (fn) => {
      expect(where({ [`${fn}(date_created)`]: { _gte: 1 } }).sql).toContain('extract(');
    },
  );

  it('count() counts related rows', () => {
    expect(where({ 'count(comments)': { _gt: 1 } }).sql).toBe(
      '(select count(*)::integer from "comments" as "p__f0" where "p__f0"."post" = "p"."id") > $1',
    );
  });

  it('json() binds the path', () => {
    expect(where({ 'json(metadata, a.b[0])': { _eq: 'x' } })).toEqual({
      sql: `(${P('metadata')} #>> array[$1, $2, $3]::text[]) = $4`,
      parameters: ['a', 'b', '0', 'x'],
    });
  });

  it('$NOW with an offset', () => {
    expect(where({ date_created: { _lt: '$NOW(-1 day)' } }).parameters).toEqual([
      '2024-03-09T12:00:00.000Z',
    ]);
    expect(where({ date_created: { _lt: '$NOW(+2 hours)' } }).parameters).toEqual([
      '2024-03-10T14:00:00.000Z',
    ]);
    expect(where({ date_created: { _lt: '$NOW(1 month)' } }).parameters).toEqual([
      '2024-04-10T12:00:00.000Z',
    ]);
  });

  it('$CURRENT_USER, $CURRENT_ROLES and $CURRENT_USER.<field>', () => {
    expect(where({ uid: { _eq: '$CURRENT_USER' } }).parameters).toEqual([USER]);
    expect(where({ uid: { _in: '$CURRENT_ROLES' } }).parameters).toEqual([caller().role]);
    expect(where({ title: { _eq: '$CURRENT_USER.email' } })).toEqual({
      sql: `${P('title')} = (select "u"."email" from "daas_users" as "u" where "u"."id" = $1)`,
      parameters: [USER],
    });
  });

  it('an anonymous caller compares with a bound null (matches nothing)', () => {
    expect(where({ uid: { _eq: '$CURRENT_USER' } }, { accountability: caller(null) })).toEqual({
      sql: `${P('uid')} = $1`,
      parameters: [null],
    });
    expect(where({ uid: { _in: '$CURRENT_ROLES' } }, { accountability: caller(null) }).sql).toBe(
      'false',
    );
  });

  it('other strings starting with $ are literals', () => {
    expect(where({ title: { _eq: '$5 off' } }).parameters).toEqual(['$5 off']);
  });
});

describe('compileFilter: refusals', () => {
  it.each<[Filter, RegExp]>([
    [{ views: { _eq: 'abc' } }, /Invalid value "abc" \(string\) for field "views" of type integer/],
    [{ views: { _eq: '99999999999' } }, /field "views"/],
    [{ uid: { _eq: 'not-a-uuid' } }, /expected a UUID/],
    [{ day: { _eq: '2024-13-45' } }, /expected a date/],
    [{ published: { _eq: 'yes' } }, /expected a boolean/],
    [
      { views: { _contains: '1' } },
      /Operator _contains is not valid for field "views" of type integer/,
    ],
    [
      { title: { _intersects: 'a' } },
      /Operator _intersects is not valid for field "title" of type string/,
    ],
    [{ nope: { _eq: 1 } }, /Field "nope" does not exist in collection "posts"/],
    [{ title: { _like: 'x' } }, /Unknown filter operator "_like"/],
    [{ _eq: 1 }, /Operator "_eq" must be applied to a field/],
    [{ _bogus: 1 }, /Unknown filter operator "_bogus"/],
    [{ title: 'x' }, /Filter for "title" must be an object of operators/],
    [{ 'median(views)': { _eq: 1 } }, /Unknown function "median"/],
    [
      { 'year(title)': { _eq: 1 } },
      /Function year\(\) is not valid for field "title" of type string/,
    ],
    [{ 'hour(day)': { _eq: 1 } }, /Function hour\(\) is not valid for field "day" of type date/],
    [{ 'count(author)': { _eq: 1 } }, /count\(\) needs a one-to-many/],
    [{ 'json(metadata, a;b)': { _eq: 1 } }, /Invalid JSON path/],
    [{ title: { name: { _eq: 1 } } }, /Unknown filter operator "name"|must be an object|not valid/],
    [{ views: { _between: ['1'] } }, /_between takes two values/],
    [{ views: { _eq: '$NOW(-1 fortnight)' } }, /Invalid dynamic value/],
    [{ title: { _eq: '$CURRENT_USER.password' } }, /not available/],
    [{ views: { _eq: '$CURRENT_ROLES' } }, /single value, not a list/],
    [{ _or: { a: 1 } as never }, /"_or" takes an array/],
  ])('%j', (filter, message) => refused(filter, 400, message));

  it('refuses filters nested beyond the depth limit', () => {
    let filter: Filter = { title: { _eq: 'x' } };
    for (let i = 0; i < 12; i++) filter = { _and: [filter] };
    refused(filter, 400, /nested too deeply/);
  });

  it('refuses filters with too many conditions', () => {
    refused(
      { _or: Array.from({ length: 1100 }, () => ({ title: { _eq: 'x' } })) },
      400,
      /too large/,
    );
  });

  it('answers 403 for a field the caller may not read, the same as for a missing one', () => {
    const fieldAllowed = (c: string, f: string) => !(c === 'authors' && f === 'user');
    refused(
      { author: { user: { _eq: USER } } },
      403,
      /permission to access field "user" in collection "authors"/,
      { fieldAllowed },
    );
    // A policy lists the fields it grants, so a missing name is refused like a forbidden one.
    const listed = (c: string, f: string) => c !== 'authors' || ['id', 'name'].includes(f);
    refused(
      { author: { nope: { _eq: 1 } } },
      403,
      /permission to access field "nope" in collection "authors"/,
      { fieldAllowed: listed },
    );
    refused({ 'count(tags)': { _gt: 1 } }, 403, /field "tags"/, {
      fieldAllowed: (_c: string, f: string) => f !== 'tags',
    });
  });
});

describe('helpers', () => {
  it('escapeLike escapes the wildcards and the escape character', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('resolvePath walks m2o, o2m and m2m hops', () => {
    const path = resolvePath(schema, 'posts', 'tags.tags_id.name');
    expect(path.hops.map((h) => h.kind)).toEqual(['m2m', 'm2o']);
    expect(path.collection).toBe('tags');
    expect(path.field.field).toBe('name');
    expect(relationOf(schema, 'posts', 'tags')).toMatchObject({
      kind: 'm2m',
      related: 'posts_tags',
      relatedField: 'posts_id',
      key: 'id',
      junction: { field: 'tags_id', collection: 'tags', key: 'id' },
    });
    expect(relationOf(schema, 'posts', 'comments')).toMatchObject({
      kind: 'o2m',
      related: 'comments',
      relatedField: 'post',
    });
    expect(relationOf(schema, 'posts', 'author')).toMatchObject({
      kind: 'm2o',
      related: 'authors',
      relatedKey: 'id',
    });
    expect(relationOf(schema, 'posts', 'title')).toBeNull();
  });

  it('compileFunctionField gives the SQL and the result type', () => {
    const fn = compileFunctionField('month(date_created)', {
      schema,
      collection: 'posts',
      alias: 'p',
    });
    expect(fn.type).toBe('integer');
    expect(compileSql(fn.sql).sql).toBe(
      `cast(floor(extract(month from ${P('date_created')})) as integer)`,
    );
  });
});
