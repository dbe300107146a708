import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createItemsFixture } from '../helpers/items-fixture';
import { addPermissions, createPermittedUser } from '../helpers/permissions';

/**
 * Property-based fuzzing of the item read inputs: random fields, filter, sort, search,
 * aggregate, groupBy, deep, alias, limit, offset, page, meta and count, in both the bracket
 * and the JSON form, full of hostile strings, sent as an administrator, as a non-admin with
 * an item-filtered policy and anonymously (to /api/items and to a few system collections'
 * endpoints); then random writes of every field type. Whatever comes in, the answer is
 * never a 5xx and never shows SQL, a stack trace or a database message.
 *
 * Fixed seed (FUZZ_SEED overrides it); a failure prints the seed and the shrunk request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

const app = setupTestApp();
let admin: string;
let member: string;

beforeAll(async () => {
  await createItemsFixture();
  admin = await app.adminToken();
  const user = await createPermittedUser([
    {
      collection: 'articles',
      action: 'read',
      fields: ['id', 'title', 'status', 'author', 'tags', 'comments', 'published', 'views'],
      permissions: { status: { _eq: 'published' } },
    },
    { collection: 'authors', action: 'read', fields: ['id', 'name', 'articles', 'country'] },
    { collection: 'articles_tags', action: 'read' },
    { collection: 'tags', action: 'read' },
    {
      collection: 'comments',
      action: 'read',
      permissions: { article: { status: { _eq: 'published' } } },
    },
  ]);
  member = await app.login(user.email, user.password);
  const { sql } = await import('kysely');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  await sql`create table fz_notes (id serial primary key, label varchar(10), body text,
    n integer, big bigint, amount numeric(6,2), ratio real, flag boolean, day date,
    at timestamptz, clock time, code uuid, doc jsonb, author integer references authors(id))`.execute(
    (await import('@/lib/db/client')).getDb(),
  );
  invalidateSchema();
  const { getDb } = await import('@/lib/db/client');
  const { publicPolicyId } = await import('@/lib/access/policies');
  await addPermissions((await publicPolicyId(getDb(), null))!, [
    {
      collection: 'articles',
      action: 'read',
      fields: ['id', 'title', 'author'],
      permissions: { featured: { _eq: true } },
    },
    { collection: 'authors', action: 'read', fields: ['id', 'name'] },
  ]);
});

/** Text no answer may contain: SQL, driver and runtime internals. */
const LEAKS = [
  /\bselect\s/i,
  /syntax error/i,
  /\bat Object\./,
  /node_modules/,
  / from "/i,
  /\bat async\b/,
  /\.ts:\d+/,
  /SQLSTATE|pg_catalog|relation ".*" does not exist/i,
  /\bjson_agg\b|\bto_json\b|\bcoalesce\(/i,
];

const HOSTILE = [
  "'",
  '"',
  '\\',
  "' or 1=1 --",
  '"; drop table articles; --',
  '%',
  '_',
  '%_\\',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀',
  'Ω≈ç√',
  '\u202e',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '$NOW',
  '$NOW(-1 year)',
  '$CURRENT_USER',
  '$CURRENT_ROLE.name',
  '1e309',
  '-1e309',
  '99999999999999999999999',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  '0x10',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  '{"a":',
  '[1,',
  '2024-13-45',
  '00:00',
  'x'.repeat(300),
  ')',
  '(',
  ',',
  '.',
  '*',
  '-',
];

/** Names that resolve on `articles` (the collection most requests go to). */
const FIELDS = [
  'id',
  'title',
  'body',
  'status',
  'views',
  'published',
  'author',
  'data',
  'code',
  'featured',
  'tags',
  'comments',
  'author.name',
  'author.bio',
  'author.country.name',
  'author.articles.title',
  'tags.tag_id.name',
  'comments.body',
  'comments.article.title',
  '*',
  '*.*',
  'author.*',
  'year(published)',
  'month(published)',
  'weekday(published)',
  'count(comments)',
  'count(tags)',
  'json(data, topic)',
  'json(data, pages)',
];

/** Names that don't resolve, or resolve elsewhere, or are malformed. */
const ODD_FIELDS = [
  '*.*.*',
  'comments.*.*',
  'year(title)',
  'day(at)',
  'hour(title)',
  'count(author)',
  'count(id)',
  'json(data)',
  'json(data, a[0].b)',
  'json(data,)',
  'json(title, x)',
  'year(',
  'email',
  'role.name',
  'policies.policy.name',
  'nope',
  'author.nope',
  'id.id',
];

const OPERATORS = [
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_in',
  '_nin',
  '_null',
  '_nnull',
  '_contains',
  '_icontains',
  '_ncontains',
  '_starts_with',
  '_istarts_with',
  '_ends_with',
  '_between',
  '_nbetween',
  '_empty',
  '_nempty',
  '_intersects',
  '_some',
  '_none',
  '_every',
  '_regex',
  '_and',
  '_or',
  '_unknown',
];

const hostile = fc.constantFrom(...HOSTILE);
const text = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);
const name = fc.oneof(
  { weight: 16, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_FIELDS) },
  { weight: 1, arbitrary: text },
);
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 53, -(2 ** 63), 1e308, true, false, null),
  fc.bigInt().map((b) => b.toString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 2 }) },
);

/** A filter tree: fields (dotted or nested), operators, logical groups, quantifiers. */
const filter: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    {
      weight: 6,
      arbitrary: fc.dictionary(
        name,
        fc.dictionary(fc.constantFrom(...OPERATORS), value, { minKeys: 1, maxKeys: 2 }),
        { minKeys: 1, maxKeys: 2 },
      ),
    },
    { weight: 2, arbitrary: fc.record({ _and: fc.array(tie('node'), { maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ _or: fc.array(tie('node'), { maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.dictionary(name, tie('node'), { minKeys: 1, maxKeys: 1 }) },
    { weight: 1, arbitrary: value },
  ),
})).node;

const list = (item: fc.Arbitrary<string>) => fc.array(item, { minLength: 1, maxLength: 4 });
const sortItem = fc.tuple(fc.boolean(), name).map(([desc, n]) => (desc ? `-${n}` : n));
const deep: fc.Arbitrary<unknown> = fc.dictionary(
  fc.constantFrom('author', 'comments', 'tags', 'articles', '_filter', 'nope', '__proto__'),
  fc.record(
    {
      _limit: fc.oneof(fc.integer({ min: -2, max: 50 }), text),
      _offset: fc.oneof(fc.integer({ min: -1, max: 5 }), text),
      _sort: list(sortItem),
      _fields: list(name),
      _filter: filter,
      _search: text,
      _page: fc.integer({ min: -1, max: 3 }),
      _nope: value,
    },
    { requiredKeys: [] },
  ),
  { maxKeys: 2 },
);
const aggregate = fc.dictionary(
  fc.constantFrom(
    'count',
    'countDistinct',
    'countAll',
    'sum',
    'avg',
    'min',
    'max',
    'avgDistinct',
    'median',
  ),
  fc.oneof(name, list(name)),
  { minKeys: 1, maxKeys: 2 },
);

/** Bracket form of an object parameter: `filter[a][_eq]=x`, arrays as `[0]`, `[1]`. */
function brackets(prefix: string, v: unknown, out: [string, string][]): void {
  if (Array.isArray(v)) v.forEach((item, i) => brackets(`${prefix}[${i}]`, item, out));
  else if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    if (!entries.length) out.push([prefix, '']);
    for (const [k, item] of entries) brackets(`${prefix}[${k}]`, item, out);
  } else out.push([prefix, String(v)]);
}

/** An object parameter in either form. */
const objectParam = (key: string, arb: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.boolean(), arb).map(([json, v]) => {
    if (json) return [[key, JSON.stringify(v) ?? 'null']] as [string, string][];
    const out: [string, string][] = [];
    brackets(key, v, out);
    return out;
  });

const listParam = (key: string, arb: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('comma', 'json', 'repeat'), list(arb)).map(([form, items]) => {
    if (form === 'comma') return [[key, items.join(',')]] as [string, string][];
    if (form === 'json') return [[key, JSON.stringify(items)]] as [string, string][];
    return items.map((i) => [`${key}[]`, i] as [string, string]);
  });

const numberParam = (key: string) =>
  fc
    .oneof(
      { weight: 6, arbitrary: fc.integer({ min: -1, max: 200 }).map(String) },
      {
        weight: 2,
        arbitrary: fc.constantFrom('-2', '1e3', '1.5', '99999999999999999999', '', 'abc'),
      },
      { weight: 1, arbitrary: text },
    )
    .map((v) => [[key, v]] as [string, string][]);

/** Mostly absent, so a request holds a couple of parameters and often gets past parsing. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const params = fc
  .record({
    fields: sometimes(listParam('fields', name)),
    filter: sometimes(objectParam('filter', filter)),
    sort: sometimes(listParam('sort', sortItem)),
    search: sometimes(text.map((t) => [['search', t]] as [string, string][])),
    limit: sometimes(numberParam('limit')),
    offset: sometimes(numberParam('offset')),
    page: sometimes(numberParam('page')),
    meta: sometimes(listParam('meta', fc.constantFrom('total_count', 'filter_count', '*', 'nope'))),
    count: sometimes(
      fc
        .constantFrom('exact', 'planned', 'estimated', 'nope')
        .map((c) => [['count', c]] as [string, string][]),
    ),
    aggregate: sometimes(objectParam('aggregate', aggregate)),
    groupBy: sometimes(listParam('groupBy', name)),
    deep: sometimes(objectParam('deep', deep)),
    alias: sometimes(objectParam('alias', fc.dictionary(text, name, { maxKeys: 2 }))),
  })
  .map((p) =>
    Object.values(p)
      .filter((v) => v !== null)
      .flat(),
  );

/** An item collection, mostly; sometimes a system collection's own endpoint, same parser. */
const collection = fc.oneof(
  { weight: 12, arbitrary: fc.constant('articles') },
  {
    weight: 4,
    arbitrary: fc.constantFrom('authors', 'comments', 'articles_tags', 'tags'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '@users',
      '@roles',
      '@policies',
      '@permissions',
      '@activity',
      '@versions',
      '@workflows',
      '@workflow-instances',
      '@workflow-assignments',
      '@files',
      '@presets',
    ),
  },
);

function query(pairs: [string, string][]): string {
  const usp = new URLSearchParams();
  for (const [k, v] of pairs) usp.append(k, v);
  return usp.toString();
}

/** Answers by status, printed at the end: a fuzz run that only ever hits 400 tests little. */
const statuses = new Map<number, number>();

async function check(c: string, pairs: [string, string][], token?: string, id?: string) {
  // URLSearchParams encodes lone surrogates (as U+FFFD) where encodeURIComponent throws.
  const segment = id === undefined ? '' : `/${new URLSearchParams({ k: id }).toString().slice(2)}`;
  const base = c.startsWith('@') ? `/api/${c.slice(1)}` : `/api/items/${c}`;
  const path = `${base}${segment}?${query(pairs)}`;
  const res = await app.request(path, { token });
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (process.env.FUZZ_DEBUG && res.status === 400) console.info(res.text.slice(0, 120));
  if (res.status >= 500 || LEAKS.some((re) => re.test(res.text))) {
    throw new Error(`${res.status} for GET ${path}\n${res.text.slice(0, 500)}`);
  }
}

afterAll(() => {
  console.info(`fuzz answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
});

describe('fuzzed item requests', () => {
  // The seed, for reproducing a failure with FUZZ_SEED.
  console.info(`fuzz seed ${SEED}, ${RUNS} runs per caller`);

  for (const [who, token] of [
    ['an administrator', () => admin],
    ['a non-admin with an item-filtered policy', () => member],
    ['an anonymous caller', () => undefined],
  ] as const) {
    it(`never answers 5xx or leaks internals to ${who}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          collection,
          params,
          sometimes(fc.oneof(fc.constantFrom('1', '2', '999', '-1'), text)),
          async (c, pairs, id) => check(c, pairs, token(), id ?? undefined),
        ),
        { seed: SEED, numRuns: who === 'an anonymous caller' ? Math.ceil(RUNS / 2) : RUNS },
      );
    }, 120_000);
  }

  it('never answers 5xx or leaks internals for fuzzed writes of every field type', async () => {
    const columns = [
      'label',
      'body',
      'n',
      'big',
      'amount',
      'ratio',
      'flag',
      'day',
      'at',
      'clock',
      'code',
      'doc',
      'author',
      'id',
      'nope',
    ];
    const item = fc.dictionary(fc.constantFrom(...columns), value, { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'PATCH-ONE', 'DELETE-ONE'),
        fc.oneof(item, fc.array(item, { maxLength: 3 })),
        sometimes(fc.oneof(fc.constantFrom('1', '2', '999'), text)),
        async (verb, body, id) => {
          const key = new URLSearchParams({ k: id ?? '1' }).toString().slice(2);
          const [method, path, payload] =
            verb === 'POST'
              ? ['POST', '/api/items/fz_notes', body]
              : verb === 'PATCH'
                ? ['PATCH', '/api/items/fz_notes', { keys: [id ?? 1], data: body }]
                : verb === 'PATCH-ONE'
                  ? ['PATCH', `/api/items/fz_notes/${key}`, body]
                  : ['DELETE', `/api/items/fz_notes/${key}`, undefined];
          const res = await app.request(path, { method, token: admin, body: payload });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 || LEAKS.some((re) => re.test(res.text))) {
            throw new Error(`${res.status} for ${method} ${path}\n${res.text.slice(0, 500)}`);
          }
        },
      ),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  }, 120_000);

  it('never answers 5xx to fuzzed writes of versions, workflows, files, presets and MCP', async () => {
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          'key',
          'name',
          'collection',
          'item',
          'delta',
          'layout',
          'bookmark',
          'filter',
          'title',
          'states',
          'transitions',
          'folder',
          'storage',
          'url',
          'data',
          'id',
        ),
        value,
        { maxKeys: 4 },
      ),
      fc.array(value, { maxLength: 3 }),
      value,
    );
    const rpc = fc.record({
      jsonrpc: fc.constantFrom('2.0', '1.0', text),
      id: fc.oneof(fc.integer(), text),
      method: fc.oneof(
        fc.constantFrom('initialize', 'tools/list', 'tools/call', 'resources/list', 'ping'),
        text,
      ),
      params: fc.oneof(
        fc.record({
          name: fc.oneof(text, fc.constantFrom('items_read', 'schema')),
          arguments: body,
        }),
        body,
      ),
    });
    const target = fc.oneof(
      fc.constantFrom(
        '/api/versions',
        '/api/workflows',
        '/api/workflow-instances',
        '/api/workflow-assignments',
        '/api/presets',
        '/api/files/import',
      ),
      fc.constant('/api/mcp'),
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        fc.constantFrom('POST', 'PATCH'),
        fc.oneof(body, rpc),
        fc.constantFrom('admin', 'member', 'anonymous'),
        async (path, method, payload, who) => {
          const token = who === 'admin' ? admin : who === 'member' ? member : undefined;
          const headers = { accept: 'application/json, text/event-stream' };
          const res = await app.request(path, { method, token, body: payload, headers });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 || LEAKS.some((re) => re.test(res.text))) {
            throw new Error(`${res.status} for ${method} ${path}\n${res.text.slice(0, 500)}`);
          }
        },
      ),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  }, 180_000);

  it('answers a relational filter of every depth up to forty levels without 5xx', async () => {
    let nested: unknown = { id: { _eq: 1 } };
    for (let depth = 0; depth < 40; depth++) {
      nested = depth % 2 ? { _and: [nested] } : { author: { articles: nested } };
      await check('articles', [['filter', JSON.stringify(nested)]], member);
      await check('articles', [['filter', JSON.stringify(nested)]], admin);
    }
  });
});
