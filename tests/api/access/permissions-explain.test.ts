import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, grant, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { createPermissionPolicy, createPermittedUser } from '../../helpers/permissions';
import { createUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;
let target: Awaited<ReturnType<typeof createPermittedUser>>;
let tenant: string;
let tenantPolicy: string;

beforeAll(async () => {
  admin = await app.adminToken();
  target = await createPermittedUser([
    { collection: 'ex_things', action: 'read', fields: ['id', 'name'] },
  ]);
  tenant = `/${uniqueSegment('tenant')}`;
  const tenantId = await createScopeItem(tenant);
  tenantPolicy = await createPermissionPolicy([{ collection: 'ex_other', action: 'update' }]);
  await grant({ policy: tenantPolicy, user: target.id, scope: tenantId });
});

const explain = (token: string, user: string, headers: Record<string, string> = {}) =>
  app.request(`/api/permissions/me?debug=true&user=${user}`, { token, headers });
const rules = (res: { body: { data: { collection: string; action: string }[] } }) =>
  res.body.data.map((p) => `${p.collection}:${p.action}`).sort();

describe('GET /api/permissions/me?user=', () => {
  it("answers an administrator with the user's rules at the root scope and where each came from", async () => {
    const res = await explain(admin, target.id, { 'x-resource-uri': '' });
    expect(res.status).toBe(200);
    expect(rules(res)).toEqual(['ex_things:read']);
    expect(res.body.data[0]).toMatchObject({
      policy: target.policies[0],
      fields: ['id', 'name'],
      debug: {
        policy: { id: target.policies[0], name: expect.any(String) },
        access: [expect.objectContaining({ role: target.role, scope: null })],
      },
    });
    expect(res.body.meta).toEqual({
      resource_uri: null,
      user: { id: target.id, admin: false },
    });
  });

  it('resolves the user at the scope the request names, ancestors included', async () => {
    await createScopeItem(`${tenant}/shop`);
    const res = await explain(admin, target.id, { 'x-resource-uri': `${tenant}/shop` });
    expect(res.status).toBe(200);
    expect(rules(res)).toEqual(['ex_other:update', 'ex_things:read']);
    const scoped = res.body.data.find((p: { collection: string }) => p.collection === 'ex_other');
    expect(scoped.debug.policy.id).toBe(tenantPolicy);
    expect(scoped.debug.access[0].user).toBe(target.id);
    expect(res.body.meta.resource_uri).toBe(`${tenant}/shop`);
  });

  it('reports an administrator target as admin with every action', async () => {
    const other = await createUser({ admin: true });
    const res = await explain(admin, other.id, { 'x-resource-uri': '' });
    expect(res.status).toBe(200);
    expect(res.body.meta.user).toEqual({ id: other.id, admin: true });
    expect(res.body.data.every((p: { fields: string[] }) => p.fields[0] === '*')).toBe(true);
  });

  it('counts an IP-limited policy only for an address its allow-list admits', async () => {
    const limited = await createPermissionPolicy([{ collection: 'ex_lan', action: 'read' }]);
    const { getDb } = await import('@/lib/db/client');
    await getDb()
      .updateTable('daas_policies')
      .set({ ip_access: JSON.stringify(['10.1.0.0/16']) })
      .where('id', '=', limited)
      .execute();
    await grant({ policy: limited, user: target.id });
    const root = { 'x-resource-uri': '' };
    expect(rules(await explain(admin, target.id, root))).toEqual(['ex_things:read']);
    const inside = await explain(admin, `${target.id}&ip=10.1.2.3`, root);
    expect(rules(inside)).toEqual(['ex_lan:read', 'ex_things:read']);
    const outside = await explain(admin, `${target.id}&ip=192.168.0.1`, root);
    expect(rules(outside)).toEqual(['ex_things:read']);
  });

  it('answers 403 to a user who is not an administrator, even asking about themselves', async () => {
    const token = await app.login(target.email, target.password);
    const someone = await createUser();
    expect((await explain(token, someone.id)).status).toBe(403);
    const self = await explain(token, target.id);
    expect(self.status).toBe(403);
    expect(self.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    const missing = await explain(admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await explain(admin, 'not-a-uuid')).status).toBe(404);
  });

  it('leaves the caller-only answer unchanged without ?user', async () => {
    const token = await app.login(target.email, target.password);
    const res = await app.request('/api/permissions/me', {
      token,
      headers: { 'x-resource-uri': '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ resource_uri: null });
  });

  it('documents the user parameter in the OpenAPI document', async () => {
    const res = await app.request('/api/docs/openapi.json', { token: admin });
    const get = res.body.paths['/api/permissions/me'].get;
    const param = get.parameters.find((p: { name: string }) => p.name === 'user');
    expect(param).toMatchObject({ in: 'query', required: false });
    expect(param.description).toMatch(/Administrators only/);
  });
});
