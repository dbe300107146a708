import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, grant, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermissionPolicy, createPermittedUser } from '../../helpers/permissions';
import { createUser } from '../../helpers/users';
import type { HookMeta } from '@/lib/events/emitter';
import { waitForInstance } from '../../helpers/workflows';

const app = setupTestApp();
let admin: string;
let approver: string;
let definition: string;
const off: (() => void)[] = [];

const as = (token: string, headers: Record<string, string> = {}) => ({
  get: (path: string) => app.request(path, { token, headers }),
  post: (path: string, body: unknown) =>
    app.request(path, { method: 'POST', token, body, headers }),
  patch: (path: string, body: unknown) =>
    app.request(path, { method: 'PATCH', token, body, headers }),
});

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

async function setModuleAccess(policy: string, map: Record<string, boolean>) {
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  await (
    await db()
  )
    .updateTable('daas_policies')
    .set({ module_access: JSON.stringify(map) })
    .where('id', '=', policy)
    .execute();
  invalidateAccessCache();
}

beforeAll(async () => {
  admin = await app.adminToken();
  await createItemsFixture({ prefix: 'w_', seed: false });
  approver = await createPermissionPolicy([]);
  const def = await as(admin).post('/api/workflows', {
    name: 'Review',
    states: [
      { key: 'draft', name: 'Draft', initial: true },
      { key: 'review', name: 'In review' },
      { key: 'published', name: 'Published', final: true },
    ],
    commands: [
      { key: 'submit', name: 'Submit', from: ['draft'], to: 'review', policies: [] },
      {
        key: 'approve',
        name: 'Approve',
        from: ['review'],
        to: 'published',
        policies: [approver],
        module_key: 'workflow:approve',
        set: { views: 100 },
      },
      { key: 'reject', name: 'Reject', from: ['review'], to: 'draft', policies: [] },
    ],
  });
  expect(def.status).toBe(201);
  definition = def.body.data.id;
  const assignment = await as(admin).post('/api/workflow-assignments', {
    definition,
    collection: 'w_articles',
    filter: { featured: { _eq: true } },
    state_field: 'status',
  });
  expect(assignment.status).toBe(201);
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

const instanceOf = (item: number) => waitForInstance((path) => as(admin).get(path), item);

async function newArticle(featured = true): Promise<number> {
  const res = await as(admin).post('/api/items/w_articles', { title: uniqueSegment(), featured });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const transition = (token: string, item: number, command: string, headers = {}) =>
  as(token, headers).post('/api/workflow/transition', {
    collection: 'w_articles',
    item,
    command,
  });

/** An editor who may read and update articles, holding the approver policy if asked. */
async function editor(options: { approver?: boolean; key?: boolean } = {}) {
  const user = await createPermittedUser([
    { collection: 'w_articles', action: 'read' },
    { collection: 'w_articles', action: 'update' },
  ]);
  if (options.approver) await grant({ policy: approver, user: user.id });
  if (options.key) await setModuleAccess(user.policies[0], { 'workflow:approve': true });
  return app.login(user.email, user.password);
}

describe('workflow definitions and assignments', () => {
  it('refuses a command naming an unknown state, and writes from non-admins', async () => {
    const bad = await as(admin).post('/api/workflows', {
      name: 'Broken',
      states: [{ key: 'a', name: 'A' }],
      commands: [{ key: 'go', name: 'Go', from: ['a'], to: 'nowhere', policies: [] }],
    });
    expect(bad.status).toBe(400);
    const token = await editor();
    const denied = await as(token).post('/api/workflows', { name: 'Mine', states: [] });
    expect(denied.status).toBe(403);
  });
});

describe('item events on the workflow tables', () => {
  it('emits items.create on daas_wf_definition and daas_wf_assignment', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const created = new Promise<HookMeta>((resolve) =>
      off.push(emitter().onAction('daas_wf_definition.items.create', resolve)),
    );
    const res = await as(admin).post('/api/workflows', { name: 'Evented', states: [] });
    expect(res.status).toBe(201);
    expect((await created).key).toBe(res.body.data.id);
  });
});

describe('the automation hook', () => {
  it('records when an item stops matching, and a transition then finds no workflow', async () => {
    const item = await newArticle();
    const instance = await instanceOf(item);
    await as(admin).patch(`/api/items/w_articles/${item}`, { featured: false });
    let left = null;
    for (let i = 0; i < 50 && !left; i++) {
      left = (await as(admin).get(`/api/workflow-instances/${instance?.id}`)).body.data.left_on;
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(left).toEqual(expect.any(String));
    const res = await transition(admin, item, 'submit');
    expect(res.status).toBe(404);
  });

  it('creates an instance in the initial state when a matching item is created', async () => {
    const item = await newArticle();
    const instance = await instanceOf(item);
    expect(instance).toMatchObject({
      collection: 'w_articles',
      item: String(item),
      state: 'draft',
    });
    const other = await newArticle(false);
    await new Promise((r) => setTimeout(r, 200));
    const none = await as(admin).get(`/api/workflow-instances?filter[item][_eq]=${other}`);
    expect(none.body.data).toEqual([]);
    await as(admin).patch(`/api/items/w_articles/${other}`, { featured: true });
    expect(await instanceOf(other)).toMatchObject({ state: 'draft' });
  });
});

describe('POST /api/workflow/transition', () => {
  it('moves the item, mirrors the state, writes activity and emits workflow.transition', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const events: HookMeta[] = [];
    off.push(emitter().onAction('workflow.transition', (m) => void events.push(m)));
    const item = await newArticle();
    await instanceOf(item);
    const res = await transition(admin, item, 'submit');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'review', from: 'draft', to: 'review' });
    const read = await as(admin).get(`/api/items/w_articles/${item}`);
    expect(read.body.data.status).toBe('review');
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({
      definition,
      collection: 'w_articles',
      item,
      command: 'submit',
      from: 'draft',
      to: 'review',
    });
    const activity = await as(admin).get(
      `/api/activity?filter[collection][_eq]=w_articles&filter[item][_eq]=${item}&filter[action][_eq]=workflow.transition`,
    );
    expect(activity.body.data).toHaveLength(1);
  });

  it('answers 409 from a state the command does not start from', async () => {
    const item = await newArticle();
    await instanceOf(item);
    const res = await transition(admin, item, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_TRANSITION');
  });

  it('answers 403 without the command policy or without the module key', async () => {
    const item = await newArticle();
    await instanceOf(item);
    expect((await transition(admin, item, 'submit')).status).toBe(200);
    const keyOnly = await editor({ key: true });
    expect((await transition(keyOnly, item, 'approve')).status).toBe(403);
    const policyOnly = await editor({ approver: true });
    expect((await transition(policyOnly, item, 'approve')).status).toBe(403);
    const both = await editor({ approver: true, key: true });
    const ok = await transition(both, item, 'approve');
    expect(ok.status).toBe(200);
    const read = await as(admin).get(`/api/items/w_articles/${item}`);
    expect(read.body.data).toMatchObject({ status: 'published', views: 100 });
  });

  it('applies a grant on an ancestor scope at a child scope; 400 for an unknown URI, 403 for an unauthorized one', async () => {
    const top = `/${uniqueSegment('acme')}`;
    const topId = await createScopeItem(top);
    await createScopeItem(`${top}/shop`);
    const elsewhere = `/${uniqueSegment('other')}`;
    await createScopeItem(elsewhere);
    const items = await createPermissionPolicy([
      { collection: 'w_articles', action: 'read' },
      { collection: 'w_articles', action: 'update' },
    ]);
    await setModuleAccess(items, { 'workflow:approve': true });
    const user = await createUser({ role: null });
    await grant({ policy: items, user: user.id, scope: topId });
    await grant({ policy: approver, user: user.id, scope: topId });
    const token = await app.login(user.email, user.password);
    const item = await newArticle();
    await instanceOf(item);
    expect((await transition(admin, item, 'submit')).status).toBe(200);

    const unknown = await transition(token, item, 'approve', { 'x-resource-uri': '/no-such' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions.code).toBe('INVALID_SCOPE');
    const unauthorized = await transition(token, item, 'approve', { 'x-resource-uri': elsewhere });
    expect(unauthorized.status).toBe(403);
    expect(unauthorized.body.errors[0].extensions.code).toBe('FORBIDDEN_SCOPE');
    const root = await transition(token, item, 'approve', { 'x-resource-uri': '' });
    expect(root.status).toBe(403);
    const child = await transition(token, item, 'approve', { 'x-resource-uri': `${top}/shop` });
    expect(child.status).toBe(200);
    expect(child.body.data.state).toBe('published');
  });

  it('runs the item hooks and rolls the instance back with the item when a filter hook throws', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const item = await newArticle();
    const before = await instanceOf(item);
    const seen: unknown[] = [];
    off.push(
      emitter().onFilter('w_articles.items.update', (payload) => {
        seen.push(payload);
        throw new Error('Not today');
      }),
    );
    const res = await transition(admin, item, 'submit');
    expect(res.status).toBe(400);
    expect(seen).toEqual([{ status: 'review' }]);
    const after = await as(admin).get(`/api/workflow-instances/${before?.id}`);
    expect(after.body.data.state).toBe('draft');
    const read = await as(admin).get(`/api/items/w_articles/${item}`);
    expect(read.body.data.status).toBe('draft');
  });

  it('shows the item state and the commands the caller may run', async () => {
    const item = await newArticle();
    await instanceOf(item);
    const token = await editor();
    const res = await as(token).get(`/api/workflow/state?collection=w_articles&item=${item}`);
    expect(res.status).toBe(200);
    expect(res.body.data[0].state).toBe('draft');
    // The field the state lives in, so a board moving the item by it runs a command instead.
    expect(res.body.data[0].state_field).toBe('status');
    const allowed = res.body.data[0].commands
      .filter((c: { allowed: boolean }) => c.allowed)
      .map((c: { key: string }) => c.key);
    expect(allowed).toEqual(['submit']);
  });
});

describe('items that existed before their assignment', () => {
  /** An article written straight to the table, so no hook made an instance for it. */
  async function existingArticle(status: string | null): Promise<number> {
    const { sql } = await import('kysely');
    const { rows } = await sql<{ id: number }>`insert into w_articles (title, featured, status)
      values (${uniqueSegment()}, true, ${status}) returning id`.execute(await db());
    return rows[0].id;
  }

  async function stored(item: number) {
    const { sql } = await import('kysely');
    const { rows } = await sql<{ status: string | null; instances: number }>`select a.status,
        (select count(*)::int from daas_wf_instance i where i.item = ${String(item)}
          and i.collection = 'w_articles') as instances
      from w_articles a where a.id = ${item}`.execute(await db());
    return rows[0];
  }

  it('shows the state the state field holds and writes nothing, for an administrator and a reader', async () => {
    const item = await existingArticle('review');
    const reader = await app.login(
      ...(await createPermittedUser([{ collection: 'w_articles', action: 'read' }]).then(
        (u) => [u.email, u.password] as const,
      )),
    );
    for (const token of [admin, reader]) {
      const res = await as(token).get(`/api/workflow/state?collection=w_articles&item=${item}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ instance: null, state: 'review' });
    }
    const allowed = (
      await as(admin).get(`/api/workflow/state?collection=w_articles&item=${item}`)
    ).body.data[0].commands
      .filter((c: { allowed: boolean }) => c.allowed)
      .map((c: { key: string }) => c.key);
    expect(allowed).toEqual(['approve', 'reject']);
    await new Promise((r) => setTimeout(r, 100));
    expect(await stored(item)).toEqual({ status: 'review', instances: 0 });
    const item2 = await as(reader).get(`/api/items/w_articles/${item}`);
    expect(item2.status).toBe(200);
  });

  it('shows no state when the field holds a value the workflow does not know', async () => {
    const item = await existingArticle('archived');
    const res = await as(admin).get(`/api/workflow/state?collection=w_articles&item=${item}`);
    expect(res.body.data[0]).toMatchObject({ instance: null, state: null });
    expect(res.body.data[0].commands.some((c: { allowed: boolean }) => c.allowed)).toBe(false);
    expect(await stored(item)).toEqual({ status: 'archived', instances: 0 });
  });

  it('starts the first command from the state the field holds, with a revision and activity', async () => {
    const item = await existingArticle('review');
    const res = await transition(admin, item, 'reject');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: 'review', to: 'draft', state: 'draft' });
    expect(await stored(item)).toEqual({ status: 'draft', instances: 1 });
    const revisions = await as(admin).get(
      `/api/revisions?filter[collection][_eq]=w_articles&filter[item][_eq]=${item}`,
    );
    expect(revisions.status).toBe(200);
    expect(revisions.body.data).toHaveLength(1);
    expect(revisions.body.data[0].delta).toMatchObject({ status: 'draft' });
    const activity = await as(admin).get(
      `/api/activity?filter[collection][_eq]=w_articles&filter[item][_eq]=${item}`,
    );
    expect(activity.body.data.map((a: { action: string }) => a.action).sort()).toEqual([
      'update',
      'workflow.transition',
    ]);
  });

  it('keeps the value of an existing item that an update brings under the assignment', async () => {
    const { sql } = await import('kysely');
    const { rows } = await sql<{ id: number }>`insert into w_articles (title, featured, status)
      values (${uniqueSegment()}, false, 'published') returning id`.execute(await db());
    const item = rows[0].id;
    await as(admin).patch(`/api/items/w_articles/${item}`, { featured: true });
    expect(await instanceOf(item)).toMatchObject({ state: 'published' });
    expect((await stored(item)).status).toBe('published');
  });
});
