import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { createRole, createUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

async function policy(body: Record<string, unknown> = {}) {
  const res = await app.request('/api/policies', {
    method: 'POST',
    token: admin,
    body: { name: `p-${Math.random().toString(36).slice(2)}`, ...body },
  });
  return res.body.data.id as string;
}

describe('/api/access CRUD', () => {
  it('gives a policy to a user, lists it, moves it to a scope and deletes it', async () => {
    const user = await createUser({});
    const p = await policy();
    const made = await app.request('/api/access', {
      method: 'POST',
      token: admin,
      body: { user: user.id, policy: p },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ user: user.id, policy: p, role: null, scope: null });
    const list = await app.request(`/api/access?filter[user][_eq]=${user.id}&fields=policy`, {
      token: admin,
    });
    expect(list.body.data).toEqual([{ policy: p }]);
    const scope = await app.request('/api/scope', {
      method: 'POST',
      token: admin,
      body: { uri: `/t-${Date.now()}`, name: 'tenant' },
    });
    const scopeId = scope.body.data?.id;
    const moved = await app.request(`/api/access/${made.body.data.id}`, {
      method: 'PATCH',
      token: admin,
      body: { scope: scopeId },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.scope).toBe(scopeId);
    const del = await app.request(`/api/access/${made.body.data.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(del.status).toBe(204);
  });

  it('refuses a record without role and user, a policy for both, and unknown references', async () => {
    const user = await createUser({});
    const { role } = await createRole();
    const p = await policy();
    for (const body of [
      { policy: p },
      { policy: p, role, user: user.id },
      { role },
      { policy: p, role: '00000000-0000-4000-8000-000000000000' },
      { policy: p, user: user.id, scope: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await app.request('/api/access', { method: 'POST', token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    }
  });

  it('refuses to remove the grant that keeps the only administrator one', async () => {
    const list = await app.request('/api/access?filter[policy][admin_access][_eq]=true&fields=id', {
      token: admin,
    });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((r: { id: string }) => r.id);
    const res = await app.request('/api/access', { method: 'DELETE', token: admin, body: ids });
    expect(res.status).toBe(400);
  });

  it('changes what a user may do at once', async () => {
    const user = await createUser({});
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/roles', { token })).status).toBe(403);
    const reader = await createPermittedUser([{ collection: 'daas_roles', action: 'read' }]);
    const made = await app.request('/api/access', {
      method: 'POST',
      token: admin,
      body: { user: user.id, policy: reader.policies[0] },
    });
    expect(made.status).toBe(201);
    expect((await app.request('/api/roles', { token })).status).toBe(200);
  });

  it('answers 403 to a user without permissions on daas_access', async () => {
    const user = await createUser({});
    const token = await app.login(user.email, user.password);
    expect((await app.request('/api/access', { token })).status).toBe(403);
    const p = await policy({ admin_access: true });
    const escalate = await app.request('/api/access', {
      method: 'POST',
      token,
      body: { user: user.id, policy: p },
    });
    expect(escalate.status).toBe(403);
  });
});
