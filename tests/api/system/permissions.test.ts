import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let admin: string;
let policy: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const res = await app.request('/api/policies', {
    method: 'POST',
    token: admin,
    body: { name: `perm-${Date.now()}` },
  });
  policy = res.body.data.id;
});

function create(body: Record<string, unknown>) {
  return app.request('/api/permissions', {
    method: 'POST',
    token: admin,
    body: { policy, ...body },
  });
}

describe('/api/permissions CRUD', () => {
  it('creates, lists, updates and deletes a permission', async () => {
    const made = await create({
      collection: 'daas_roles',
      action: 'read',
      fields: ['id', 'name'],
      permissions: { name: { _starts_with: 'x' } },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({
      policy,
      collection: 'daas_roles',
      fields: ['id', 'name'],
    });
    const list = await app.request(
      `/api/permissions?filter[policy][_eq]=${policy}&fields=id,action`,
      {
        token: admin,
      },
    );
    expect(list.body.data).toEqual([{ id, action: 'read' }]);
    const upd = await app.request(`/api/permissions/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { fields: ['*'] },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.fields).toEqual(['*']);
    expect(
      (await app.request(`/api/permissions/${id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
    expect((await app.request(`/api/permissions/${id}`, { token: admin })).status).toBe(404);
    expect((await app.request('/api/permissions/abc', { token: admin })).status).toBe(404);
  });

  it('refuses unknown collections, actions, fields, filters and presets', async () => {
    for (const body of [
      { collection: 'no_such_collection', action: 'read' },
      { collection: 'daas_roles', action: 'destroy' },
      { collection: 'daas_roles', action: 'read', fields: ['id', 'nope'] },
      { collection: 'daas_roles', action: 'read', permissions: { nope: { _eq: 1 } } },
      { collection: 'daas_roles', action: 'read', permissions: { name: { _bogus: 1 } } },
      { collection: 'daas_roles', action: 'create', validation: { nope: { _null: true } } },
      { collection: 'daas_roles', action: 'create', presets: { nope: 1 } },
      { action: 'read' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const noPolicy = await app.request('/api/permissions', {
      method: 'POST',
      token: admin,
      body: {
        policy: '00000000-0000-4000-8000-000000000000',
        collection: 'daas_roles',
        action: 'read',
      },
    });
    expect(noPolicy.status).toBe(400);
  });

  it('accepts dynamic values in item filters', async () => {
    const res = await create({
      collection: 'daas_users',
      action: 'read',
      permissions: { id: { _eq: '$CURRENT_USER' } },
    });
    expect(res.status).toBe(201);
  });

  it('takes effect on the next request of a user once changed through the API', async () => {
    const user = await createPermittedUser([
      { collection: 'daas_policies', action: 'read', fields: ['id'] },
    ]);
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/roles', { token })).status).toBe(403);
    const grant = await app.request('/api/permissions', {
      method: 'POST',
      token: admin,
      body: {
        policy: user.policies[0],
        collection: 'daas_roles',
        action: 'read',
        fields: ['name'],
      },
    });
    expect(grant.status).toBe(201);
    const after = await app.request('/api/roles?limit=1', { token });
    expect(after.status).toBe(200);
    expect(Object.keys(after.body.data[0])).toEqual(['name']);
    const revoke = await app.request(`/api/permissions/${grant.body.data.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(revoke.status).toBe(204);
    expect((await app.request('/api/roles', { token })).status).toBe(403);
  });

  it('answers 403 to a user without permissions on daas_permissions', async () => {
    const user = await createPermittedUser([{ collection: 'daas_roles', action: 'read' }]);
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/permissions', { token })).status).toBe(403);
    const post = await app.request('/api/permissions', {
      method: 'POST',
      token,
      body: { policy: user.policies[0], collection: 'daas_users', action: 'read' },
    });
    expect(post.status).toBe(403);
  });
});
