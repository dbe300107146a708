import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { addPermissions } from '../../helpers/permissions';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

/**
 * A page is chosen first and projected after: item JSON, many-to-one subqueries and
 * x-to-many arrays are built for the returned rows only, never for the rows an offset skips
 * or a filter drops. Checked on the plan PostgreSQL runs: each item-building subplan runs
 * once per item returned at its level.
 */
const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture({ prefix: 'w_' });
  const { getDb } = await import('@/lib/db/client');
  // More comments, so a nested window has rows to skip.
  await sql`insert into w_comments (article, body, sort) values
    (1, 'fourth', 4), (1, 'fifth', 5), (2, 'again', 2), (2, 'more', 3)`.execute(getDb());
});

interface PlanNodeJson {
  'Node Type': string;
  'Actual Loops': number;
  'Actual Rows': number;
  Output?: string[];
  Plans?: PlanNodeJson[];
}

/** Items built, per plan node whose output builds one (`to_json(ROW(...))`, planner-flattened). */
function itemBuilds(node: PlanNodeJson, out: number[] = []): number[] {
  if (
    node.Output?.some((o) => /to_json\((ROW\(|r\d+_row)/.test(o)) &&
    node['Node Type'] !== 'Limit'
  ) {
    out.push(node['Actual Loops'] * node['Actual Rows']);
  }
  for (const child of node.Plans ?? []) itemBuilds(child, out);
  return out;
}

/** The read through the API, and how many items its statement built, per item-building node. */
async function read(path: string, token = admin.token) {
  const { getDb, observeQueries } = await import('@/lib/db/client');
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const stop = observeQueries((text, parameters) => seen.push({ sql: text, parameters }));
  const res = await app.request(path, { token });
  stop();
  const statement = seen.filter((s) => s.sql.includes('to_json(')).at(-1);
  if (!statement) return { res, builds: [] as number[] };
  const explained = await getDb().executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNodeJson }] }>(
    CompiledQuery.raw(`explain (analyze, verbose, format json) ${statement.sql}`, [
      ...statement.parameters,
    ]),
  );
  const plan = explained.rows[0]['QUERY PLAN'];
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNodeJson }];
  return { res, builds: itemBuilds(root[0].Plan) };
}

const ids = (data: { id: number }[]) => data.map((r) => r.id);

describe('a page is projected after it is chosen', () => {
  it('builds only the returned items of a plain page', async () => {
    const { res, builds } = await read('/api/items/w_articles?fields=id,title&limit=2&offset=3');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 4, title: 'Kernel diaries' },
      { id: 5, title: 'Untitled' },
    ]);
    expect(builds).toEqual([2]);
  });

  it('builds only the returned items of a filtered and sorted page, ties in key order', async () => {
    const { res, builds } = await read(
      '/api/items/w_articles?fields=id,views&filter[status][_eq]=published&sort=-views&limit=1&offset=1',
    );
    expect(res.body.data).toEqual([{ id: 4, views: 20 }]);
    expect(builds).toEqual([1]);
    // Ties (status) break on the key; nulls sort last ascending and first descending.
    const ties = await read('/api/items/w_articles?fields=id&sort=status&limit=3&offset=1');
    expect(ids(ties.res.body.data)).toEqual([3, 1, 2]);
    expect(ties.builds).toEqual([3]);
    const nulls = await read('/api/items/w_articles?fields=id&sort=-featured&limit=2');
    expect(ids(nulls.res.body.data)).toEqual([3, 5]);
    expect(nulls.builds).toEqual([2]);
  });

  it('builds a many-to-one object only for the returned rows', async () => {
    const { res, builds } = await read(
      '/api/items/w_articles?fields=id,author.name,author.country.name&limit=2&offset=1',
    );
    expect(res.body.data).toEqual([
      { id: 2, author: { name: 'Grace', country: { name: 'Chile' } } },
      { id: 3, author: { name: 'Grace', country: { name: 'Chile' } } },
    ]);
    // The root items, their authors, the authors' countries.
    expect(builds).toEqual([2, 2, 2]);
  });

  it('builds one-to-many and many-to-many arrays only for the returned rows', async () => {
    const o2m = await read('/api/items/w_articles?fields=id,comments.body&limit=1&offset=1');
    expect(o2m.res.body.data).toEqual([
      { id: 2, comments: [{ body: 'only' }, { body: 'again' }, { body: 'more' }] },
    ]);
    expect(o2m.builds).toEqual([1, 3]);
    const m2m = await read('/api/items/w_articles?fields=id,tags.tag_id.name&limit=2&offset=2');
    expect(m2m.res.body.data).toEqual([
      { id: 3, tags: [{ tag_id: { name: 'computing' } }] },
      { id: 4, tags: [{ tag_id: { name: 'hardware' } }] },
    ]);
    expect(m2m.builds).toEqual([2, 2, 2]);
  });

  it('builds only the returned items of a nested window (deep limit and offset)', async () => {
    const { res, builds } = await read(
      '/api/items/w_articles?fields=id,comments.body,comments.sort&filter[id][_eq]=1' +
        '&deep[comments][_limit]=2&deep[comments][_offset]=2&deep[comments][_sort]=-sort',
    );
    expect(res.body.data).toEqual([
      {
        id: 1,
        comments: [
          { body: 'third', sort: 3 },
          { body: 'first', sort: 2 },
        ],
      },
    ]);
    expect(builds).toEqual([1, 2]);
  });

  it('keeps aliases, functions, search and meta on a deep page', async () => {
    const { res, builds } = await read(
      '/api/items/w_articles?fields=id,headline,year(published)&alias[headline]=title' +
        '&search=e&sort=year(published),id&limit=2&offset=1&meta=total_count,filter_count',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 2, headline: 'Debugging moths', published_year: 2023 },
      { id: 1, headline: 'Engines of thought', published_year: 2024 },
    ]);
    expect(res.body.meta).toMatchObject({ total_count: 5, filter_count: 5 });
    expect(builds).toEqual([2]);
  });
});

describe('a restricted caller gets the same page', () => {
  it('applies the item filter and field rules before the window', async () => {
    const member = await createTokenUser();
    await addPermissions(member.policy, [
      {
        collection: 'w_articles',
        action: 'read',
        fields: ['id', 'title', 'views'],
        permissions: { status: { _eq: 'published' } },
      },
    ]);
    const { res, builds } = await read(
      '/api/items/w_articles?fields=id,title&sort=-views&limit=1&offset=1',
      member.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 4, title: 'Kernel diaries' }]);
    expect(builds).toEqual([1]);
    const refused = await app.request('/api/items/w_articles?fields=body&limit=1', {
      token: member.token,
    });
    expect(refused.status).toBe(403);
  });

  it('reads a window for an anonymous caller only once the public policy allows it', async () => {
    const refused = await app.request('/api/items/w_articles?limit=1&offset=1');
    expect(refused.status).toBe(401);
    const { getDb } = await import('@/lib/db/client');
    const pub = await getDb()
      .selectFrom('daas_policies')
      .select('id')
      .where('public', '=', true)
      .executeTakeFirstOrThrow();
    await addPermissions(pub.id, [
      {
        collection: 'w_articles',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { featured: { _eq: true } },
      },
    ]);
    const { res, builds } = await read('/api/items/w_articles?limit=1&offset=1', '');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 4, title: 'Kernel diaries' }]);
    expect(builds).toEqual([1]);
  });
});
