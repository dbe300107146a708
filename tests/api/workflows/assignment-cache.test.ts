import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermittedUser } from '../../helpers/permissions';
import { waitForInstance } from '../../helpers/workflows';

// Every create and update asks which workflows its collection follows. The answer is kept
// until a workflow table is written, also with the read cache off: these tests start the
// service so, and nothing else puts the NOTIFY trigger on the workflow tables then.
process.env.READ_CACHE = 'false';
const app = setupTestApp();
let admin: string;
let definition: string;

const post = (path: string, body: unknown, token = admin) =>
  app.request(path, { method: 'POST', token, body });

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

/** The created article's key, and how many statements read the assignments meanwhile. */
async function create(featured: boolean, token = admin) {
  const { observeQueries } = await import('@/lib/db/client');
  const seen: string[] = [];
  const stop = observeQueries((s) => seen.push(s));
  const res = await post('/api/items/wc_articles', { title: uniqueSegment(), featured }, token);
  // The automation runs after the answer: give it the time to ask.
  await new Promise((r) => setTimeout(r, 150));
  stop();
  expect(res.status).toBe(201);
  return {
    id: res.body.data.id as number,
    lookups: seen.filter((q) => q.includes('from daas_wf_assignment')).length,
  };
}

const instanceOf = (item: number) =>
  waitForInstance((path) => app.request(path, { token: admin }), item);

/** Creates until the assignments come from memory (the trigger check runs in the background). */
async function warm() {
  let last = await create(true);
  for (let i = 0; i < 20 && last.lookups > 0; i++) last = await create(true);
  return last;
}

beforeAll(async () => {
  admin = await app.adminToken();
  await createItemsFixture({ prefix: 'wc_', seed: false });
  const def = await post('/api/workflows', {
    name: 'Cached',
    states: [
      { key: 'draft', name: 'Draft', initial: true },
      { key: 'done', name: 'Done', final: true },
    ],
    commands: [{ key: 'finish', name: 'Finish', from: ['draft'], to: 'done', policies: [] }],
  });
  expect(def.status).toBe(201);
  definition = def.body.data.id;
});

afterAll(() => {
  delete process.env.READ_CACHE;
});

describe('the assignments of a collection, with the read cache off', () => {
  it('follow writes through a trigger that startup put in place, not a request', async () => {
    const { rows } = await sql<{ table: string }>`select c.relname as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = 'daas_notify_write' and c.relnamespace = current_schema()::regnamespace
      order by 1`.execute(await db());
    const watched = rows.map((r) => r.table);
    expect(watched).toEqual(expect.arrayContaining(['daas_wf_assignment', 'daas_wf_definition']));
    // Item tables are the read cache's, which is off: a write to them notifies no one.
    expect(watched).not.toContain('wc_articles');
  });

  it('are read once, then kept while no workflow table is written', async () => {
    const assigned = await post('/api/workflow-assignments', {
      definition,
      collection: 'wc_articles',
      filter: { featured: { _eq: true } },
    });
    expect(assigned.status).toBe(201);
    const warmed = await warm();
    expect(warmed.lookups).toBe(0);
    expect(await instanceOf(warmed.id)).toMatchObject({ state: 'draft' });
    const again = await create(true);
    expect(again.lookups).toBe(0);
    expect(await instanceOf(again.id)).toMatchObject({ state: 'draft' });
  });

  it('are read again after an assignment is removed through the API', async () => {
    const removable = await post('/api/workflow-assignments', {
      definition,
      collection: 'wc_articles',
      filter: { featured: { _eq: false } },
    });
    expect(removable.status).toBe(201);
    const matched = await create(false);
    expect(matched.lookups).toBeGreaterThanOrEqual(1);
    expect(await instanceOf(matched.id)).toMatchObject({ state: 'draft' });
    const gone = await app.request(`/api/workflow-assignments/${removable.body.data.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(gone.status).toBe(204);
    const after = await create(false);
    expect(after.lookups).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await instanceOf(after.id)).toBeNull();
  });

  it('see an assignment written by plain SQL, outside the API', async () => {
    expect((await warm()).lookups).toBe(0);
    const rows = await sql<{ id: string }>`insert into daas_wf_assignment
        (definition, collection, filter)
      values (${definition}, 'wc_articles', ${JSON.stringify({ featured: { _eq: false } })})
      returning id`.execute(await db());
    // The trigger's notice arrives after the commit, on its own connection.
    let heard = await create(false);
    for (let i = 0; i < 20 && heard.lookups === 0; i++) heard = await create(false);
    expect(heard.lookups).toBeGreaterThanOrEqual(1);
    expect(await instanceOf(heard.id)).toMatchObject({ state: 'draft' });
    await sql`delete from daas_wf_assignment where id = ${rows.rows[0].id}`.execute(await db());
  });

  it('apply to a non-admin creator as to an administrator', async () => {
    const user = await createPermittedUser([
      { collection: 'wc_articles', action: 'create' },
      { collection: 'wc_articles', action: 'read' },
    ]);
    const token = await app.login(user.email, user.password);
    const made = await create(true, token);
    expect(await instanceOf(made.id)).toMatchObject({ state: 'draft' });
    const refused = await app.request('/api/workflow-assignments', {
      method: 'POST',
      token,
      body: { definition, collection: 'wc_articles' },
    });
    expect(refused.status).toBe(403);
  });
});
