import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createBareRole, grant } from '../../helpers/access';
import { createPermissionPolicy } from '../../helpers/permissions';
import { createUser, type TestUser } from '../../helpers/users';
import { defineSchema, rows } from '../items/write-fixture';

/**
 * Presets of several policies merge in the order of the caller's policies, as in Directus:
 * the policies of parent roles first, then those of the user's own role, then the user's
 * own policies, each group in the order of its access records' `sort`. Where two presets set
 * the same field, the policy later in that order wins, whatever the permission ids.
 */
const app = setupTestApp();
let adminToken: string;
let user: TestUser;
let token: string;
let role: string;
let parent: string;

const creating = (status: string) => [
  { collection: 'po_notes', action: 'create' as const, presets: { status } },
  { collection: 'po_notes', action: 'read' as const },
];

async function accessRecord(policy: string): Promise<string> {
  const { getDb } = await import('@/lib/db/client');
  const row = await getDb()
    .selectFrom('daas_access')
    .select('id')
    .where('policy', '=', policy)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setSort(policy: string, sort: number): Promise<void> {
  const id = await accessRecord(policy);
  const res = await app.request(`/api/access/${id}`, {
    method: 'PATCH',
    token: adminToken,
    body: { sort },
  });
  expect(res.status).toBe(200);
}

async function createdStatus(): Promise<unknown> {
  const res = await app.request('/api/items/po_notes', {
    method: 'POST',
    token,
    body: { title: 'x' },
  });
  expect(res.status).toBe(201);
  return (await rows('po_notes')).find((r) => r.id === res.body.data.id)?.status;
}

let later: string;
let earlier: string;

beforeAll(async () => {
  await defineSchema({
    sql: [`create table po_notes (id serial primary key, title text, status text)`],
  });
  adminToken = await app.login();
  parent = await createBareRole();
  role = await createBareRole(parent);
  // Created first, so its permission has the lower id: an order by id would put it first.
  later = await createPermissionPolicy(creating('from-later'));
  earlier = await createPermissionPolicy(creating('from-earlier'));
  await grant({ role, policy: later });
  await grant({ role, policy: earlier });
  user = await createUser({ role });
  token = await app.login(user.email, user.password);
});

describe('presets of several policies', () => {
  it('lets the policy with the later access sort win a clash', async () => {
    await setSort(earlier, 1);
    await setSort(later, 2);
    expect(await createdStatus()).toBe('from-later');
  });

  it('follows the new order once the two access records swap their sort', async () => {
    await setSort(earlier, 2);
    await setSort(later, 1);
    expect(await createdStatus()).toBe('from-earlier');
  });

  it("puts the user's own role after its parent role", async () => {
    const inherited = await createPermissionPolicy(creating('from-parent'));
    await grant({ role: parent, policy: inherited });
    await setSort(inherited, 99);
    expect(await createdStatus()).toBe('from-earlier');
  });

  it("puts the user's own policies after every role policy", async () => {
    const own = await createPermissionPolicy(creating('from-user'));
    await grant({ user: user.id, policy: own });
    await setSort(own, -5);
    expect(await createdStatus()).toBe('from-user');
  });

  it('still lets what the caller sends win over every preset', async () => {
    const res = await app.request('/api/items/po_notes', {
      method: 'POST',
      token,
      body: { title: 'y', status: 'sent' },
    });
    expect(res.status).toBe(201);
    expect((await rows('po_notes')).find((r) => r.id === res.body.data.id)?.status).toBe('sent');
  });
});
