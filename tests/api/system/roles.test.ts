import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { createUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

async function newRole(body: Record<string, unknown> = {}) {
  const res = await app.request('/api/roles', {
    method: 'POST',
    token: admin,
    body: { name: `role-${Math.random().toString(36).slice(2)}`, ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string; parent: string | null };
}

describe('/api/roles CRUD', () => {
  it('creates, reads, updates and deletes a role', async () => {
    const role = await newRole({ description: 'first' });
    const one = await app.request(`/api/roles/${role.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: role.id, description: 'first', parent: null });
    const upd = await app.request(`/api/roles/${role.id}`, {
      method: 'PATCH',
      token: admin,
      body: { description: 'second' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.description).toBe('second');
    const del = await app.request(`/api/roles/${role.id}`, { method: 'DELETE', token: admin });
    expect(del.status).toBe(204);
    const gone = await app.request(`/api/roles/${role.id}`, { token: admin });
    expect(gone.status).toBe(404);
  });

  it('lists with filter, sort and fields', async () => {
    const tag = `tag-${Date.now()}`;
    await newRole({ name: `${tag}-b` });
    await newRole({ name: `${tag}-a` });
    const res = await app.request(
      `/api/roles?filter[name][_starts_with]=${tag}&sort=-name&fields=name`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ name: `${tag}-b` }, { name: `${tag}-a` }]);
  });

  it('requires a name, an existing parent and no cycle', async () => {
    const noName = await app.request('/api/roles', { method: 'POST', token: admin, body: {} });
    expect(noName.status).toBe(400);
    const orphan = await app.request('/api/roles', {
      method: 'POST',
      token: admin,
      body: { name: 'orphan', parent: '00000000-0000-4000-8000-000000000000' },
    });
    expect(orphan.status).toBe(400);
    const a = await newRole();
    const b = await newRole({ parent: a.id });
    const cycle = await app.request(`/api/roles/${a.id}`, {
      method: 'PATCH',
      token: admin,
      body: { parent: b.id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    const self = await app.request(`/api/roles/${a.id}`, {
      method: 'PATCH',
      token: admin,
      body: { parent: a.id },
    });
    expect(self.status).toBe(400);
  });

  it('answers 403 to a user without permissions, and 404 for an unknown role', async () => {
    const user = await createUser({});
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/roles', { token })).status).toBe(403);
    const post = await app.request('/api/roles', { method: 'POST', token, body: { name: 'x' } });
    expect(post.status).toBe(403);
    const missing = await app.request('/api/roles/00000000-0000-4000-8000-000000000000', {
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('lets a user granted read on daas_roles list roles with filter parameters', async () => {
    const tag = `granted-${Date.now()}`;
    await newRole({ name: `${tag}-1` });
    const user = await createPermittedUser([
      { collection: 'daas_roles', action: 'read', fields: ['id', 'name'] },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await app.request(`/api/roles?filter[name][_eq]=${tag}-1`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: expect.any(String), name: `${tag}-1` }]);
    const write = await app.request('/api/roles', { method: 'POST', token, body: { name: 'no' } });
    expect(write.status).toBe(403);
  });

  it('deletes roles in batch by keys', async () => {
    const a = await newRole();
    const b = await newRole();
    const res = await app.request('/api/roles', {
      method: 'DELETE',
      token: admin,
      body: { keys: [a.id, b.id] },
    });
    expect(res.status).toBe(204);
    const left = await app.request(`/api/roles?filter[id][_in]=${a.id},${b.id}`, { token: admin });
    expect(left.body.data).toEqual([]);
  });
});

describe('GET /api/roles/me', () => {
  it('returns the primary role, extra roles and their parents', async () => {
    const parent = await newRole();
    const primary = await newRole({ parent: parent.id });
    const extra = await newRole();
    const user = await createUser({ role: primary.id });
    const link = await app.request('/api/access', {
      method: 'POST',
      token: admin,
      body: { user: user.id, role: extra.id },
    });
    expect(link.status).toBe(201);
    const token = await app.login(user.email, user.password);
    const res = await app.request('/api/roles/me?fields=id', { token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r: { id: string }) => r.id).sort();
    expect(ids).toEqual([parent.id, primary.id, extra.id].sort());
  });

  it('answers 401 without credentials', async () => {
    expect((await app.request('/api/roles/me')).status).toBe(401);
  });
});

describe('events of /api/roles', () => {
  it('emits daas_roles.items.create after a create', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const keys: unknown[] = [];
    const off = emitter().onAction('daas_roles.items.create', (meta) => void keys.push(meta.key));
    try {
      const role = await newRole();
      await expect.poll(() => keys).toContain(role.id);
    } finally {
      off();
    }
  });
});
