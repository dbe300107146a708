import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createBareRole } from '../../helpers/access';
import { createPermittedUser } from '../../helpers/permissions';
import { defineSchema, rows } from '../items/write-fixture';

/**
 * A user holding two policies: P1 grants `title` (and `views`) on note 1 only, P2 grants
 * `status` on notes 1, 2 and 6. Each field goes only with the rows of the policy that
 * grants it, for reads and writes alike.
 */
const app = setupTestApp();
let token: string;
let roleA: string;
let roleB: string;

const TITLE_1 = 'middle';
const TITLE_2 = 'alpha-secret';
const TITLE_6 = 'zulu-secret';

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table mp_lists (id integer primary key, name text)`,
      `create table mp_tasks (id integer primary key, label text, list integer references mp_lists(id))`,
      `create table mp_notes (id integer primary key, title text, status text, views integer, list integer references mp_lists(id))`,
    ],
    fields: [
      { collection: 'mp_lists', field: 'notes', special: ['o2m'] },
      { collection: 'mp_lists', field: 'tasks', special: ['o2m'] },
    ],
    relations: [
      {
        many_collection: 'mp_notes',
        many_field: 'list',
        one_collection: 'mp_lists',
        one_field: 'notes',
      },
      {
        many_collection: 'mp_tasks',
        many_field: 'list',
        one_collection: 'mp_lists',
        one_field: 'tasks',
      },
    ],
  });
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('kysely');
  await sql`insert into mp_lists (id, name) values (1, 'first'), (2, 'aaa-hidden')`.execute(
    getDb(),
  );
  await sql`insert into mp_notes (id, title, status, views, list) values
    (1, ${TITLE_1}, 'draft', 10, 1), (2, ${TITLE_2}, 'open', 99, 1),
    (3, 'three', 'draft', 3, null), (4, 'four', 'draft', 4, null), (5, 'five', 'draft', 5, null),
    (6, ${TITLE_6}, 'open', 77, 2)`.execute(getDb());
  await sql`insert into mp_tasks (id, label, list) values (1, 'one', 1), (2, 'two', 1)`.execute(
    getDb(),
  );
  roleA = await createBareRole();
  roleB = await createBareRole();
  const user = await createPermittedUser(
    [
      {
        collection: 'mp_notes',
        action: 'read',
        fields: ['id', 'title', 'views', 'list'],
        permissions: { id: { _eq: 1 } },
      },
      {
        collection: 'mp_notes',
        action: 'update',
        fields: ['title', 'list'],
        permissions: { id: { _eq: 1 } },
        validation: { title: { _nstarts_with: 'bad' } },
      },
      {
        collection: 'mp_notes',
        action: 'create',
        fields: ['id', 'title'],
        validation: { title: { _starts_with: 'p1' } },
      },
      { collection: 'mp_notes', action: 'delete', permissions: { id: { _eq: 3 } } },
      {
        collection: 'mp_tasks',
        action: 'read',
        fields: ['id', 'label', 'list'],
        permissions: { id: { _eq: 1 } },
      },
      { collection: 'mp_lists', action: 'read', permissions: { id: { _eq: 1 } } },
      { collection: 'mp_lists', action: 'update', fields: ['name', 'notes'] },
      {
        collection: 'daas_roles',
        action: 'read',
        fields: ['id', 'name', 'description'],
        permissions: { id: { _eq: roleA } },
      },
      {
        collection: 'daas_roles',
        action: 'update',
        fields: ['description'],
        permissions: { id: { _eq: roleA } },
      },
    ],
    [
      {
        collection: 'mp_notes',
        action: 'read',
        fields: ['id', 'status', 'list'],
        permissions: { id: { _in: [1, 2, 6] } },
      },
      {
        collection: 'mp_notes',
        action: 'update',
        fields: ['status', 'list'],
        permissions: { id: { _eq: 2 } },
      },
      {
        collection: 'mp_notes',
        action: 'create',
        fields: ['id', 'status'],
        validation: { status: { _eq: 'open' } },
      },
      { collection: 'mp_notes', action: 'delete', permissions: { id: { _eq: 4 } } },
      {
        collection: 'mp_tasks',
        action: 'read',
        fields: ['id', 'label'],
        permissions: { id: { _in: [1, 2] } },
      },
      {
        collection: 'daas_roles',
        action: 'read',
        fields: ['id', 'name'],
        permissions: { id: { _in: [roleA, roleB] } },
      },
      {
        collection: 'daas_roles',
        action: 'update',
        fields: ['icon'],
        permissions: { id: { _eq: roleB } },
      },
    ],
  );
  token = await app.login(user.email, user.password);
});

const send = (method: string, path: string, body?: unknown) =>
  app.request(path, { method, token, body });
const get = (path: string) => app.request(path, { token });
const note = async (id: number) => (await rows('mp_notes')).find((r) => r.id === id);
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

describe('reads under two policies', () => {
  it('returns a field granted on one row only as null on the other rows', async () => {
    const res = await get('/api/items/mp_notes?fields=id,title,status,views&sort=id');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, title: TITLE_1, status: 'draft', views: 10 },
      { id: 2, title: null, status: 'open', views: null },
      { id: 6, title: null, status: 'open', views: null },
    ]);
    const one = await get('/api/items/mp_notes/2?fields=*');
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: 2, title: null, status: 'open', views: null });
  });

  it('finds nothing when filtering on the value of a field the row does not grant', async () => {
    const eq = await get(`/api/items/mp_notes?filter=${q({ title: { _eq: TITLE_2 } })}`);
    expect(eq.status).toBe(200);
    expect(eq.body.data).toEqual([]);
    const starts = await get(`/api/items/mp_notes?filter=${q({ title: { _starts_with: 'a' } })}`);
    expect(starts.body.data).toEqual([]);
    const some = await get(`/api/items/mp_notes?filter=${q({ title: { _nnull: true } })}`);
    expect(ids(some.body)).toEqual([1]);
    const or = await get(
      `/api/items/mp_notes?filter=${q({ _or: [{ title: { _eq: TITLE_6 } }, { views: { _gt: 50 } }] })}`,
    );
    expect(or.body.data).toEqual([]);
  });

  it('sorts a field granted on one row as null on the others', async () => {
    const res = await get('/api/items/mp_notes?fields=id&sort=title');
    expect(res.status).toBe(200);
    // Unprotected, "alpha-secret" (2) would sort first and "zulu-secret" (6) last.
    expect(ids(res.body)).toEqual([1, 2, 6]);
    // Unprotected: 1 (10), 6 (77), 2 (99).
    const views = await get('/api/items/mp_notes?fields=id&sort=views');
    expect(ids(views.body)).toEqual([1, 2, 6]);
  });

  it('sorts through a relation only by related rows the caller may read', async () => {
    // Unprotected, note 6 (list 2, "aaa-hidden", not readable) would sort first.
    const res = await get('/api/items/mp_notes?fields=id&sort=list.name,id');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([1, 2, 6]);
  });

  it('searches a field only on the rows that grant it', async () => {
    const hidden = await get('/api/items/mp_notes?search=secret');
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toEqual([]);
    const shown = await get('/api/items/mp_notes?fields=id&search=midd');
    expect(ids(shown.body)).toEqual([1]);
  });

  it('aggregates and groups a field only over the rows that grant it', async () => {
    const res = await get(
      '/api/items/mp_notes?aggregate[count]=title&aggregate[max]=views&aggregate[sum]=views',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { count: { title: 1 }, max: { views: 10 }, sum: { views: 10 } },
    ]);
    const grouped = await get('/api/items/mp_notes?aggregate[count]=*&groupBy[]=title');
    expect(grouped.status).toBe(200);
    expect(grouped.body.data).toEqual([
      { count: { '*': 1 }, title: TITLE_1 },
      { count: { '*': 2 }, title: null },
    ]);
  });

  it('applies the related collection field rules through relations and deep', async () => {
    const nested = await get('/api/items/mp_lists/1?fields=id,notes.id,notes.title');
    expect(nested.status).toBe(200);
    expect(nested.body.data.notes).toEqual([
      { id: 1, title: TITLE_1 },
      { id: 2, title: null },
    ]);
    const through = await get(
      `/api/items/mp_lists?fields=id&filter=${q({ notes: { title: { _eq: TITLE_2 } } })}`,
    );
    expect(through.status).toBe(200);
    expect(through.body.data).toEqual([]);
    const deep = await get(
      `/api/items/mp_lists/1?fields=notes.id&deep=${q({ notes: { _filter: { title: { _eq: TITLE_2 } } } })}`,
    );
    expect(deep.status).toBe(200);
    expect(deep.body.data.notes).toEqual([]);
    const sorted = await get(
      `/api/items/mp_lists/1?fields=notes.id&deep=${q({ notes: { _sort: ['title'] } })}`,
    );
    expect(sorted.body.data.notes).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('merges a version delta only with the fields granted on the item', async () => {
    const { getDb } = await import('@/lib/db/client');
    await getDb()
      .insertInto('daas_versions' as never)
      .values([
        {
          key: 'v1',
          collection: 'mp_notes',
          item: '2',
          delta: { title: 'draft-secret', status: 'v' },
        },
        {
          key: 'v1',
          collection: 'mp_notes',
          item: '1',
          delta: { title: 'draft-own', status: 'w' },
        },
      ] as never)
      .execute();
    const other = await get('/api/items/mp_notes/2?version=v1&fields=id,title,status');
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual({ id: 2, title: null, status: 'v' });
    const own = await get('/api/items/mp_notes/1?version=v1&fields=id,title,status');
    expect(own.body.data).toEqual({ id: 1, title: 'draft-own', status: 'w' });
  });

  it('lists a to-many child only where its link to the parent is readable', async () => {
    // Task 2 is readable, but not its `list` field: it is not shown as the list's child.
    const res = await get('/api/items/mp_lists/1?fields=id,tasks.id,count(tasks)');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 1, tasks: [{ id: 1 }], tasks_count: 1 });
    const filtered = await get(
      `/api/items/mp_lists?fields=id&filter=${q({ tasks: { label: { _eq: 'two' } } })}`,
    );
    expect(filtered.body.data).toEqual([]);
    const task = await get('/api/items/mp_tasks/2?fields=id,label,list');
    expect(task.body.data).toEqual({ id: 2, label: 'two', list: null });
  });

  it('returns a system collection field granted on one row as null on the other', async () => {
    const { getDb } = await import('@/lib/db/client');
    await getDb()
      .updateTable('daas_roles')
      .set({ description: 'hidden description' })
      .where('id', 'in', [roleA, roleB])
      .execute();
    const b = await get(`/api/roles/${roleB}?fields=id,description`);
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual({ id: roleB, description: null });
    const a = await get(`/api/roles/${roleA}?fields=id,description`);
    expect(a.body.data).toEqual({ id: roleA, description: 'hidden description' });
    const filtered = await get(
      `/api/roles?fields=id&filter=${q({ description: { _eq: 'hidden description' } })}`,
    );
    expect(filtered.body.data).toEqual([{ id: roleA }]);
  });
});

describe('updates under two policies', () => {
  it('updates each field only on the rows of the policy granting it (single PATCH)', async () => {
    expect((await send('PATCH', '/api/items/mp_notes/1', { status: 'hijacked' })).status).toBe(403);
    expect((await send('PATCH', '/api/items/mp_notes/2', { title: 'hijacked' })).status).toBe(403);
    expect(
      (await send('PATCH', '/api/items/mp_notes/2', { title: 'hijacked', status: 'x' })).status,
    ).toBe(403);
    expect((await note(1))?.status).toBe('draft');
    expect((await note(2))?.title).toBe(TITLE_2);
    expect((await note(2))?.status).toBe('open');

    expect((await send('PATCH', '/api/items/mp_notes/1', { title: TITLE_1 })).status).toBe(200);
    expect((await send('PATCH', '/api/items/mp_notes/2', { status: 'open' })).status).toBe(200);
  });

  it('validates a field by the rules of the policy granting it', async () => {
    // P2 has no validation: it must not lift P1's rule on the field only P1 grants.
    const res = await send('PATCH', '/api/items/mp_notes/1', { title: 'bad-title' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Validation failed for field "title"',
      code: 'FAILED_VALIDATION',
      extensions: { field: 'title', type: '_nstarts_with' },
    });
    expect((await note(1))?.title).toBe(TITLE_1);
  });

  it('refuses a batch update by filter reaching a row the field is not granted on', async () => {
    const both = await send('PATCH', `/api/items/mp_notes?filter=${q({ id: { _in: [1, 2] } })}`, {
      title: 'hijacked',
    });
    expect(both.status).toBe(403);
    expect((await note(1))?.title).toBe(TITLE_1);
    expect((await note(2))?.title).toBe(TITLE_2);
    const status = await send('PATCH', `/api/items/mp_notes?filter=${q({ id: { _in: [1, 2] } })}`, {
      status: 'hijacked',
    });
    expect(status.status).toBe(403);
    expect((await note(1))?.status).toBe('draft');

    const own = await send('PATCH', `/api/items/mp_notes?filter=${q({ id: { _eq: 2 } })}`, {
      status: 'open',
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ updated: 1, keys: [2] });
  });

  it('refuses a batch update by keys reaching a row the field is not granted on', async () => {
    const cross = await send('PATCH', '/api/roles', {
      keys: [roleA, roleB],
      data: { description: 'changed' },
    });
    expect(cross.status).toBe(403);
    const icon = await send('PATCH', '/api/roles', { keys: [roleA], data: { icon: 'bolt' } });
    expect(icon.status).toBe(403);
    const roles = (await rows('daas_roles')).filter((r) => r.id === roleA || r.id === roleB);
    expect(roles.map((r) => r.description)).toEqual(['hidden description', 'hidden description']);
    expect(roles.every((r) => r.icon !== 'bolt')).toBe(true);

    const own = await send('PATCH', '/api/roles', { keys: [roleA], data: { description: 'mine' } });
    expect(own.status).toBe(200);
    const other = await send('PATCH', `/api/roles/${roleB}`, { icon: 'bolt' });
    expect(other.status).toBe(200);
  });

  it('refuses a nested update of a related row the field is not granted on', async () => {
    const cross = await send('PATCH', '/api/items/mp_lists/1', {
      notes: { create: [], update: [{ id: 2, title: 'hijacked' }], delete: [] },
    });
    expect(cross.status).toBe(403);
    expect((await note(2))?.title).toBe(TITLE_2);
    const crossStatus = await send('PATCH', '/api/items/mp_lists/1', {
      notes: { create: [], update: [{ id: 1, status: 'hijacked' }], delete: [] },
    });
    expect(crossStatus.status).toBe(403);
    expect((await note(1))?.status).toBe('draft');

    const own = await send('PATCH', '/api/items/mp_lists/1', {
      notes: {
        create: [],
        update: [
          { id: 1, title: 'renamed' },
          { id: 2, status: 'closed' },
        ],
        delete: [],
      },
    });
    expect(own.status).toBe(200);
    expect((await note(1))?.title).toBe('renamed');
    expect((await note(2))?.status).toBe('closed');
  });
});

describe('creates and deletes under two policies', () => {
  it('creates a field only when a policy granting it accepts the new row', async () => {
    const cross = await send('POST', '/api/items/mp_notes', {
      id: 50,
      title: 'not-p1',
      status: 'open',
    });
    expect(cross.status).toBe(403);
    expect(await note(50)).toBeUndefined();
    const ok = await send('POST', '/api/items/mp_notes', { id: 51, title: 'p1-x', status: 'open' });
    expect(ok.status).toBe(201);
    expect(await note(51)).toMatchObject({ title: 'p1-x', status: 'open' });
  });

  it('deletes only rows one of the delete permissions covers', async () => {
    expect((await send('DELETE', '/api/items/mp_notes/5')).status).toBe(404);
    const batch = await send(
      'DELETE',
      `/api/items/mp_notes?filter=${q({ id: { _in: [3, 4, 5] } })}`,
    );
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual({ deleted: 2, keys: [3, 4] });
    expect(await note(5)).toBeDefined();
  });
});
