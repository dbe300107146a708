import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, uniqueSegment } from '../helpers/access';
import { setupTestApp } from '../helpers/app';
import { createItemsFixture } from '../helpers/items-fixture';
import { createPermittedUser } from '../helpers/permissions';
import { exec } from '../helpers/schema-sql';
import { formWith, pngBytes } from './files/fixtures';

/**
 * A read never writes: every GET operation of the OpenAPI document, called as an
 * administrator, as a user with some read grants and anonymously, with parameters naming
 * real rows, leaves every row of every table as it was.
 */

// An identity provider, so the sign-in redirect and its callback are crawled too (nothing is
// listening on the discard port: a read never reaches the provider).
Object.assign(process.env, {
  AUTH_PROVIDERS: 'crawl',
  AUTH_CRAWL_DRIVER: 'oauth2',
  AUTH_CRAWL_CLIENT_ID: 'daas-crawl',
  AUTH_CRAWL_CLIENT_SECRET: 'crawl-secret',
  AUTH_CRAWL_AUTHORIZE_URL: 'http://127.0.0.1:9/authorize',
  AUTH_CRAWL_ACCESS_URL: 'http://127.0.0.1:9/token',
  AUTH_CRAWL_PROFILE_URL: 'http://127.0.0.1:9/profile',
});

const app = setupTestApp();

/**
 * What a read may change, per the specification, and nothing else. Each entry names the
 * table and the columns left out of the comparison:
 * - none so far: `last_access` is written by sign-in (specification, authentication 10),
 *   which happens before the first snapshot, and a read touches no session.
 */
const MAY_CHANGE: Record<string, string[]> = {};

/** Operations that never end by themselves: called, then cut after a first chunk. */
const STREAMS = new Set(['/api/logs/stream', '/api/mcp', '/api/realtime']);

interface Caller {
  name: string;
  token?: string;
}

type Params = Record<string, string>;
let pathValues: Record<string, Params> = {};
let queryValues: Params = {};

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

/** Every table of the database, user and system, as one digest of its rows each. */
async function snapshot(): Promise<Record<string, string>> {
  const conn = await db();
  const { rows: tables } = await sql<{ name: string }>`select table_name as name
    from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(conn);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const skip = MAY_CHANGE[name] ?? [];
    const row = skip.length
      ? sql`(to_jsonb(t) - ${sql.join(
          skip.map((c) => sql.lit(c)),
          sql` - `,
        )})::text`
      : sql`to_jsonb(t)::text`;
    const { rows } = await sql<{ digest: string | null; n: number }>`select
        md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest,
        count(*)::int as n
      from ${sql.id(name)} t`.execute(conn);
    out[name] = `${rows[0].n}:${rows[0].digest}`;
  }
  // The schema too: a read adds no trigger, index or extension. Left out: the row-key
  // triggers that a live subscription (the realtime stream is crawled too) puts on its
  // collection.
  const { rows: triggers } = await sql<{ name: string }>`select
      c.relname || '.' || t.tgname as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
      and t.tgname not like 'daas\\_change\\_%'
    order by 1`.execute(conn);
  out['(triggers)'] = triggers.map((t) => t.name).join(',');
  const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = current_schema() order by 1`.execute(conn);
  out['(indexes)'] = indexes.map((i) => i.name).join(',');
  const { rows: extensions } = await sql<{ name: string }>`select extname as name
    from pg_extension order by 1`.execute(conn);
  out['(extensions)'] = extensions.map((e) => e.name).join(',');
  return out;
}

async function call(path: string, caller: Caller): Promise<number> {
  const { dispatch } = await import('@/lib/http/dispatch');
  const headers = new Headers();
  if (caller.token) headers.set('authorization', `Bearer ${caller.token}`);
  const controller = new AbortController();
  const request = new Request(`http://localhost${path}`, { headers, signal: controller.signal });
  const response = await dispatch(request);
  if (STREAMS.has(path.split('?')[0]) && response.body) {
    const reader = response.body.getReader();
    await Promise.race([reader.read(), new Promise((r) => setTimeout(r, 200))]);
    controller.abort();
    await reader.cancel().catch(() => undefined);
  } else {
    await response.arrayBuffer();
  }
  return response.status;
}

interface Operation {
  path: string;
  parameters?: { name: string; in: string; required?: boolean }[];
}

/** The GET operations of the document, their path parameters filled from the seeded rows. */
async function getOperations(token: string): Promise<string[]> {
  const res = await app.request('/api/docs/openapi.json', { token });
  expect(res.status).toBe(200);
  const paths = res.body.paths as Record<string, Record<string, Operation | undefined>>;
  const urls: string[] = [];
  for (const [template, ops] of Object.entries(paths)) {
    const op = ops.get;
    if (!op) continue;
    const own = pathValues[template] ?? {};
    const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = own[name];
      if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      if (p.in !== 'query' || !p.required) continue;
      const value = queryValues[p.name];
      if (value === undefined) throw new Error(`no value for ?${p.name} in ${template}`);
      query.set(p.name, value);
    }
    urls.push(query.size ? `${filled}?${query}` : filled);
  }
  return urls;
}

/** Rows of every kind a GET can name, made the way a client would make them. */
async function seed(admin: string) {
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, { method: 'POST', token: admin, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const t = await createItemsFixture({ prefix: 'rnw_' });
  const definition = await post('/api/workflows', {
    name: 'Review',
    states: [
      { key: 'draft', name: 'Draft', initial: true },
      { key: 'review', name: 'In review' },
      { key: 'published', name: 'Published', final: true },
    ],
    commands: [{ key: 'submit', name: 'Submit', from: ['draft'], to: 'review', policies: [] }],
  });
  // Items that exist before their assignment: they have no workflow instance.
  const { rows } = await sql<{ id: number }>`insert into ${sql.id(t.articles)} (title, status)
    values ('Published before the workflow', 'published') returning id`.execute(await db());
  const item = String(rows[0].id);
  const assignment = await post('/api/workflow-assignments', {
    definition: definition.id,
    collection: t.articles,
    state_field: 'status',
  });
  const created = await post(`/api/items/${t.articles}`, { title: 'Under the workflow' });
  await new Promise((r) => setTimeout(r, 300));
  const instances = await app.request('/api/workflow-instances', { token: admin });
  const instance = instances.body.data[0].id as string;
  await app.request(`/api/items/${t.articles}/${created.id}`, {
    method: 'PATCH',
    token: admin,
    body: { views: 3 },
  });
  const role = await post('/api/roles', { name: uniqueSegment('role') });
  const policy = await post('/api/policies', { name: uniqueSegment('policy') });
  const permission = await post('/api/permissions', {
    policy: policy.id,
    collection: t.articles,
    action: 'read',
    fields: ['*'],
  });
  const access = await post('/api/access', { role: role.id, policy: policy.id });
  const folder = await post('/api/folders', { name: 'Pictures' });
  const upload = await app.request('/api/files', {
    method: 'POST',
    token: admin,
    form: formWith({}, { bytes: await pngBytes(8, 8), filename: 'red-square.png' }),
  });
  const file = upload.body.data.id as string;
  const version = await post('/api/versions', {
    key: 'draft-one',
    name: 'Draft one',
    collection: t.articles,
    item,
  });
  const preset = await post('/api/presets', { collection: t.articles, layout: 'tabular' });
  const endpoint = await post('/api/extensions', {
    name: uniqueSegment('ep'),
    type: 'endpoint',
    source: 'export default async () => ({ status: 200, body: { ok: true } });',
  });
  const service = await post('/api/extensions', {
    name: uniqueSegment('svc'),
    type: 'service',
    source: 'export default () => ({ hello: async () => "hi" });',
  });
  const serviceRow = await post('/api/services', {
    name: uniqueSegment('greeter'),
    extension: service.id,
    config: {},
  });
  const cron = await post('/api/cron', {
    name: uniqueSegment('job'),
    schedule: '0 3 1 1 *',
    enabled: false,
  });
  const moduleKey = await post('/api/module-access-keys', {
    key: 'reports:view',
    name: 'View reports',
  });
  const scope = await createScopeItem(`/${uniqueSegment('acme')}`);
  const { rows: activity } = await sql<{
    id: number;
  }>`select id from daas_activity order by id desc limit 1`.execute(await db());
  const { rows: revision } = await sql<{
    id: number;
  }>`select id from daas_revisions order by id desc limit 1`.execute(await db());
  const { rows: users } = await sql<{ id: string }>`select id from daas_users limit 1`.execute(
    await db(),
  );

  const byId = (id: string | number) => ({ id: String(id) });
  const comment = await post('/api/comments', {
    collection: t.articles,
    item,
    comment: 'A first look',
  });
  pathValues = {
    '/api/access/{id}': byId(access.id),
    '/api/activity/{id}': byId(activity[0].id),
    '/api/assets/{id}': byId(file),
    '/api/auth/login/{provider}': { provider: 'crawl' },
    '/api/auth/login/{provider}/callback': { provider: 'crawl' },
    '/api/collections/{name}': { name: t.articles },
    '/api/comments/{id}': byId(comment.id),
    '/api/collections/{name}/fields': { name: t.articles },
    '/api/cron/{id}': byId(cron.id),
    '/api/cron/{id}/runs': byId(cron.id),
    '/api/ext/{name}/{path}': { name: endpoint.name, path: 'hello' },
    '/api/extensions/{id}': byId(endpoint.id),
    '/api/fields/{collection}': { collection: t.articles },
    '/api/fields/{collection}/{field}': { collection: t.articles, field: 'title' },
    '/api/files/{id}': byId(file),
    '/api/folders/{id}': byId(folder.id),
    '/api/items/{collection}': { collection: t.articles },
    '/api/items/{collection}/{id}': { collection: t.articles, id: item },
    '/api/module-access-keys/{id}': byId(moduleKey.id),
    '/api/permissions/{id}': byId(permission.id),
    '/api/policies/{id}': byId(policy.id),
    '/api/presets/{id}': byId(preset.id),
    '/api/relations/{collection}': { collection: t.articles },
    '/api/relations/{collection}/{field}': { collection: t.articles, field: 'author' },
    '/api/revisions/{id}': byId(revision[0].id),
    '/api/roles/{id}': byId(role.id),
    '/api/scope/{id}': byId(scope),
    '/api/services/{id}': byId(serviceRow.id),
    '/api/users/{id}': byId(users[0].id),
    '/api/versions/{id}': byId(version.id),
    '/api/versions/{id}/compare': byId(version.id),
    '/api/workflow-assignments/{id}': byId(assignment.id),
    '/api/workflow-instances/{id}': byId(instance),
    '/api/workflows/{id}': byId(definition.id),
  };
  queryValues = { collection: t.articles, item };
  return t;
}

let callers: Caller[] = [];

/** A collection of an existing database: loaded by SQL, large, analysed as autovacuum would. */
const LARGE = 'rnw_large';

beforeAll(async () => {
  const admin = await app.adminToken();
  const t = await seed(admin);
  await exec(`create table ${LARGE} (id serial primary key, title text, n integer)`);
  await exec(`insert into ${LARGE} (title, n)
    select 'title ' || g, g % 97 from generate_series(1, 20000) as g`);
  await exec(`analyze ${LARGE}`);
  const reader = await createPermittedUser(
    [t.articles, t.authors, t.tags, t.comments, 'daas_files', 'daas_folders', LARGE].map(
      (collection) => ({
        collection,
        action: 'read' as const,
      }),
    ),
  );
  callers = [
    { name: 'administrator', token: admin },
    { name: 'reader', token: await app.login(reader.email, reader.password) },
    { name: 'anonymous' },
  ];
}, 120_000);

describe('GET requests', () => {
  it('leave every row of every table, and every trigger, as it was, for every caller', async () => {
    const urls = await getOperations(callers[0].token!);
    expect(urls.length).toBeGreaterThan(60);
    const before = await snapshot();
    const statuses: string[] = [];
    for (const caller of callers) {
      for (const url of urls) statuses.push(`${caller.name} ${url} ${await call(url, caller)}`);
    }
    // Writes that follow a read's answer (hooks, caches) get their moment to land.
    await new Promise((r) => setTimeout(r, 500));
    const after = await snapshot();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual([]);
    // The crawl reached real rows: the administrator is answered 200 nearly everywhere.
    const adminOk = statuses.filter((s) => s.startsWith('administrator') && s.endsWith(' 200'));
    expect(adminOk.length).toBeGreaterThan(urls.length * 0.9);
  }, 120_000);
});

describe('reads of a large collection', () => {
  it('page, search, count and group it without changing a row, an index or a trigger', async () => {
    const urls = [
      `/api/items/${LARGE}?search=title%2012&limit=50`,
      `/api/items/${LARGE}?search=e&meta=*&limit=10`,
      `/api/items/${LARGE}?fields=id&limit=100&page=200&meta=total_count`,
      `/api/items/${LARGE}?filter[n][_gt]=40&sort=-n,id&limit=25&offset=9000`,
      `/api/items/${LARGE}?aggregate[count]=*&groupBy[]=n&limit=-1`,
      `/api/items/${LARGE}/19999`,
    ];
    const before = await snapshot();
    for (const caller of callers) {
      for (const url of urls) {
        const status = await call(url, caller);
        expect(`${caller.name} ${url} ${status}`).toBe(
          `${caller.name} ${url} ${caller.token ? 200 : 401}`,
        );
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    const after = await snapshot();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
  }, 120_000);
});
