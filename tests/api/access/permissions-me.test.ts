import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, grant, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { createPermissionPolicy, createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let token: string;
let policies: string[];
let tenant: string;
let tenantPolicy: string;

beforeAll(async () => {
  const user = await createPermittedUser([
    { collection: 'pm_things', action: 'read', fields: ['id', 'name'] },
    {
      collection: 'pm_things',
      action: 'create',
      presets: { name: 'x' },
      validation: { name: { _nnull: true } },
    },
  ]);
  policies = user.policies;
  const { getDb } = await import('@/lib/db/client');
  await getDb()
    .updateTable('daas_policies')
    .set({ module_access: JSON.stringify({ 'system:logs': true }) })
    .where('id', '=', policies[0])
    .execute();
  tenant = `/${uniqueSegment('tenant')}`;
  const tenantId = await createScopeItem(tenant);
  tenantPolicy = await createPermissionPolicy([{ collection: 'pm_other', action: 'read' }]);
  await grant({ policy: tenantPolicy, user: user.id, scope: tenantId });
  token = await app.login(user.email, user.password);
});

const me = (headers: Record<string, string> = {}, query = '') =>
  app.request(`/api/permissions/me${query}`, { token, headers });
const collections = (res: { body: { data: { collection: string; action: string }[] } }) =>
  res.body.data.map((p) => `${p.collection}:${p.action}`).sort();

describe('GET /api/permissions/me', () => {
  it('lists the effective permission rows, module access and the resource URI', async () => {
    const res = await me({ 'x-resource-uri': '' });
    expect(res.status).toBe(200);
    expect(collections(res)).toEqual(['pm_things:create', 'pm_things:read']);
    const create = res.body.data.find((p: { action: string }) => p.action === 'create');
    expect(create).toMatchObject({
      policy: policies[0],
      fields: ['*'],
      presets: { name: 'x' },
      validation: { name: { _nnull: true } },
    });
    expect(res.body.moduleAccess).toEqual({ 'system:logs': true });
    expect(res.body.meta).toEqual({ resource_uri: null });
  });

  it('keeps the flat view without a scope URI: policies held at any scope', async () => {
    const res = await me();
    expect(collections(res)).toEqual(['pm_other:read', 'pm_things:create', 'pm_things:read']);
  });

  it('resolves at a concrete scope with its ancestors and reports the URI', async () => {
    await createScopeItem(`${tenant}/child`);
    const res = await me({ 'x-resource-uri': `${tenant}/child` });
    expect(res.status).toBe(200);
    expect(collections(res)).toEqual(['pm_other:read', 'pm_things:create', 'pm_things:read']);
    expect(res.body.meta.resource_uri).toBe(`${tenant}/child`);
  });

  it('answers 400 INVALID_SCOPE for an unknown URI', async () => {
    const res = await me({ 'x-resource-uri': '/nowhere-at-all' });
    expect(res.status).toBe(400);
  });

  it('adds the policy and access record of each permission with debug=true', async () => {
    const res = await me({ 'x-resource-uri': '' }, '?debug=true');
    expect(res.body.data[0].debug.policy).toEqual({ id: policies[0], name: expect.any(String) });
    expect(res.body.data[0].debug.access).toEqual([
      expect.objectContaining({ role: expect.any(String), scope: null }),
    ]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await app.request('/api/permissions/me');
    expect(res.status).toBe(401);
  });

  it('gives an administrator every action on every collection', async () => {
    const res = await app.request('/api/permissions/me', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((p: { fields: string[] }) => p.fields[0] === '*')).toBe(true);
  });
});
