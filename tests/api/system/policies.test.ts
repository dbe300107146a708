import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

const name = () => `policy-${Math.random().toString(36).slice(2)}`;

async function newPolicy(body: Record<string, unknown> = {}) {
  const res = await app.request('/api/policies', {
    method: 'POST',
    token: admin,
    body: { name: name(), ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

describe('/api/policies CRUD', () => {
  it('creates with flags and module access, updates and deletes', async () => {
    const p = await newPolicy({ app_access: true, module_access: { 'system:logs': true } });
    const one = await app.request(`/api/policies/${p.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      app_access: true,
      admin_access: false,
      public: false,
      module_access: { 'system:logs': true },
    });
    const upd = await app.request(`/api/policies/${p.id}?fields=enforce_tfa`, {
      method: 'PATCH',
      token: admin,
      body: { enforce_tfa: true },
    });
    expect(upd.body.data).toEqual({ enforce_tfa: true });
    expect(
      (await app.request(`/api/policies/${p.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
  });

  it('lists with filter and sort', async () => {
    const res = await app.request('/api/policies?filter[public][_eq]=true&fields=public', {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ public: true }]);
  });

  it('refuses unknown module keys, folder keys and a missing name', async () => {
    for (const body of [
      { name: name(), module_access: { 'no:such-key': true } },
      { name: name(), module_access: { 'system:logs': 'yes' } },
      { description: 'no name' },
    ]) {
      const res = await app.request('/api/policies', { method: 'POST', token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps the public policy unique and undeletable', async () => {
    const setPublic = await app.request('/api/policies', {
      method: 'POST',
      token: admin,
      body: { name: name(), public: true },
    });
    expect(setPublic.status).toBe(400);
    const list = await app.request('/api/policies?filter[public][_eq]=true&fields=id', {
      token: admin,
    });
    const id = list.body.data[0].id;
    const del = await app.request(`/api/policies/${id}`, { method: 'DELETE', token: admin });
    expect(del.status).toBe(400);
    expect(del.body.errors[0].message).toMatch(/public policy/);
    const unset = await app.request(`/api/policies/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { public: false },
    });
    expect(unset.status).toBe(400);
  });

  it('refuses to delete the only admin policy, or to take its admin access away', async () => {
    const list = await app.request('/api/policies?filter[admin_access][_eq]=true&fields=id', {
      token: admin,
    });
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id;
    const del = await app.request(`/api/policies/${id}`, { method: 'DELETE', token: admin });
    expect(del.status).toBe(400);
    expect(del.body.errors[0].message).toMatch(/no user with admin access/);
    const demote = await app.request(`/api/policies/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { admin_access: false },
    });
    expect(demote.status).toBe(400);
    // The administrator still is one.
    expect((await app.request('/api/policies', { token: admin })).status).toBe(200);
  });

  it('answers 403 to a user without permissions and 404 for an unknown policy', async () => {
    const user = await createUser({});
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/policies', { token })).status).toBe(403);
    const missing = await app.request('/api/policies/00000000-0000-4000-8000-000000000000', {
      token: admin,
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/policies/me', () => {
  it('is the union of the policies of both roles and the one given directly', async () => {
    const roleA = await app.request('/api/roles', {
      method: 'POST',
      token: admin,
      body: { name: name() },
    });
    const roleB = await app.request('/api/roles', {
      method: 'POST',
      token: admin,
      body: { name: name() },
    });
    const [pa, pb, pd, other] = [
      await newPolicy(),
      await newPolicy(),
      await newPolicy(),
      await newPolicy(),
    ];
    const user = await createUser({ role: roleA.body.data.id });
    const rows = [
      { role: roleA.body.data.id, policy: pa.id },
      { role: roleB.body.data.id, policy: pb.id },
      { user: user.id, role: roleB.body.data.id },
      { user: user.id, policy: pd.id },
    ];
    const made = await app.request('/api/access', { method: 'POST', token: admin, body: rows });
    expect(made.status).toBe(201);
    const token = await app.login(user.email, user.password);
    const res = await app.request('/api/policies/me?fields=id', { token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p: { id: string }) => p.id);
    expect(ids.sort()).toEqual([pa.id, pb.id, pd.id].sort());
    expect(ids).not.toContain(other.id);
  });
});
