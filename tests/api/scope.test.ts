import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBareRole,
  createPolicy,
  createScopeItem,
  grant,
  uniqueSegment,
} from '../helpers/access';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

async function tokenUser() {
  const token = crypto.randomBytes(24).toString('base64url');
  return { ...(await createUser({ token })), token };
}

const at = (uri: string) => ({ 'x-resource-uri': uri });

describe('request scope', () => {
  let tenant: string;
  let tenantId: string;
  let other: string;

  beforeAll(async () => {
    tenant = `/${uniqueSegment('acme')}`;
    tenantId = await createScopeItem(tenant);
    await createScopeItem(`${tenant}/shop`);
    other = `/${uniqueSegment('other')}`;
    await createScopeItem(other);
  });

  it('answers 400 INVALID_SCOPE for an unknown URI in the header, in either error shape', async () => {
    const token = await app.adminToken();
    const settings = await app.request('/api/settings', { token, headers: at('/does-not-exist') });
    expect(settings.status).toBe(400);
    expect(settings.body.errors[0].extensions.code).toBe('INVALID_SCOPE');
    const logs = await app.request('/api/logs', { token, headers: at('/does-not-exist') });
    expect(logs.status).toBe(400);
    expect(logs.body.code).toBe('INVALID_SCOPE');
  });

  it('answers 400 INVALID_SCOPE for an unknown URI in the daas_resource_uri cookie', async () => {
    const res = await app.request('/api/settings', {
      token: await app.adminToken(),
      headers: { cookie: 'daas_resource_uri=%2Fnowhere' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_SCOPE');
  });

  it('lets the header win over the cookie', async () => {
    const res = await app.request('/api/settings', {
      token: await app.adminToken(),
      headers: { cookie: 'daas_resource_uri=%2Fnowhere', 'x-resource-uri': tenant },
    });
    expect(res.status).toBe(200);
  });

  it('treats an empty header as the root scope', async () => {
    const res = await app.request('/api/settings', {
      token: await app.adminToken(),
      headers: at(''),
    });
    expect(res.status).toBe(200);
  });

  it('keeps a root administrator an administrator inside a tenant', async () => {
    const res = await app.request('/api/settings', {
      token: await app.adminToken(),
      headers: at(`${tenant}/shop`),
    });
    expect(res.status).toBe(200);
  });

  it('answers 403 FORBIDDEN_SCOPE where the user holds no policy', async () => {
    const user = await tokenUser();
    await grant({ user: user.id, scope: tenantId, policy: await createPolicy() });
    const res = await app.request('/api/users/me', { token: user.token, headers: at(other) });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN_SCOPE');
    const cookie = await app.request('/api/users/me', {
      token: user.token,
      headers: { cookie: `daas_resource_uri=${encodeURIComponent(other)}` },
    });
    expect(cookie.status).toBe(403);
  });

  it('applies a grant at a scope to its descendants, not to its siblings or the root', async () => {
    const user = await tokenUser();
    const policy = await createPolicy({ module_access: { 'system:logs': true } });
    await grant({ user: user.id, scope: tenantId, policy });
    const token = user.token;
    expect((await app.request('/api/logs', { token, headers: at(tenant) })).status).toBe(200);
    expect((await app.request('/api/logs', { token, headers: at(`${tenant}/shop`) })).status).toBe(
      200,
    );
    expect((await app.request('/api/logs', { token })).status).toBe(403);
    const sibling = await app.request('/api/logs', { token, headers: at(other) });
    expect(sibling.status).toBe(403);
    expect(sibling.body.code).toBe('FORBIDDEN_SCOPE');
  });

  it('gives a role granted at a scope its root policies there', async () => {
    const user = await tokenUser();
    const role = await createBareRole();
    const policy = await createPolicy({ module_access: { 'system:logs': true } });
    await grant({ role, policy });
    await grant({ user: user.id, role, scope: tenantId });
    const token = user.token;
    expect((await app.request('/api/logs', { token, headers: at(`${tenant}/shop`) })).status).toBe(
      200,
    );
    expect((await app.request('/api/logs', { token })).status).toBe(403);
  });

  it('does not make a user an administrator through a tenant grant', async () => {
    const user = await tokenUser();
    await grant({
      user: user.id,
      scope: tenantId,
      policy: await createPolicy({ admin_access: true }),
    });
    const token = user.token;
    const scoped = await app.request('/api/settings', { token, headers: at(tenant) });
    expect(scoped.status).toBe(403);
    expect(scoped.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await app.request('/api/settings', { token })).status).toBe(403);
  });

  it('counts root-scope grants at every scope', async () => {
    const user = await tokenUser();
    await grant({
      user: user.id,
      policy: await createPolicy({ module_access: { 'system:logs': true } }),
    });
    const res = await app.request('/api/logs', { token: user.token, headers: at(other) });
    expect(res.status).toBe(200);
  });

  it('checks the scope of anonymous callers too, who stay unauthenticated', async () => {
    expect((await app.request('/api/logs', { headers: at('/nowhere') })).status).toBe(400);
    expect((await app.request('/api/logs', { headers: at(tenant) })).status).toBe(401);
  });

  it('lets a stale scope cookie never block signing in', async () => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email: 'admin@example.com', password: 'admin-password-1' },
      headers: { cookie: 'daas_resource_uri=%2Fgone' },
    });
    expect(res.status).toBe(200);
  });
});

describe('/api/scope', () => {
  it('creates a top-level scope and a child under it, deriving the parent from the URI', async () => {
    const token = await app.adminToken();
    const uri = `/${uniqueSegment('co')}`;
    const top = await app.request('/api/scope', {
      method: 'POST',
      token,
      body: { uri, name: 'Company' },
    });
    expect(top.status).toBe(201);
    expect(top.body.data).toMatchObject({
      uri,
      name: 'Company',
      parent: null,
      missing_uri_mode: 'allow',
    });
    const child = await app.request('/api/scope', {
      method: 'POST',
      token,
      body: { uri: `${uri}/eu`, parent: top.body.data.id, missing_uri_mode: 'reject' },
    });
    expect(child.status).toBe(201);
    expect(child.body.data).toMatchObject({ parent: top.body.data.id, missing_uri_mode: 'reject' });
    const read = await app.request(`/api/scope/${child.body.data.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.data.uri).toBe(`${uri}/eu`);
    // The new scope is usable at once (the cache was refreshed).
    expect((await app.request('/api/settings', { token, headers: at(`${uri}/eu`) })).status).toBe(
      200,
    );
  });

  it.each([
    ['no leading slash', 'acme'],
    ['upper case', '/Acme'],
    ['a trailing slash', '/acme/'],
    ['an empty segment', '/acme//shop'],
    ['a space', '/ac me'],
  ])('answers 400 for a URI with %s', async (_what, uri) => {
    const res = await app.request('/api/scope', {
      method: 'POST',
      token: await app.adminToken(),
      body: { uri },
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 when the parent URI does not exist or the given parent is another scope', async () => {
    const token = await app.adminToken();
    const orphan = await app.request('/api/scope', {
      method: 'POST',
      token,
      body: { uri: `/${uniqueSegment('missing')}/child` },
    });
    expect(orphan.status).toBe(400);
    const a = await createScopeItem(`/${uniqueSegment('a')}`);
    const b = `/${uniqueSegment('b')}`;
    await createScopeItem(b);
    const wrong = await app.request('/api/scope', {
      method: 'POST',
      token,
      body: { uri: `${b}/x`, parent: a },
    });
    expect(wrong.status).toBe(400);
  });

  it('answers 409 for a duplicate URI', async () => {
    const token = await app.adminToken();
    const uri = `/${uniqueSegment('dup')}`;
    expect((await app.request('/api/scope', { method: 'POST', token, body: { uri } })).status).toBe(
      201,
    );
    const again = await app.request('/api/scope', { method: 'POST', token, body: { uri } });
    expect(again.status).toBe(409);
  });

  it('lists scopes with limit and offset', async () => {
    const token = await app.adminToken();
    for (let i = 0; i < 3; i++) await createScopeItem(`/${uniqueSegment('list')}`);
    const all = await app.request('/api/scope', { token });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      ['id', 'missing_uri_mode', 'name', 'parent', 'uri'].sort(),
    );
    const page = await app.request('/api/scope?limit=2&offset=1', { token });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].id).toBe(all.body.data[1].id);
    expect(page.body.meta.total).toBe(all.body.data.length);
    expect((await app.request('/api/scope?limit=0', { token })).status).toBe(400);
  });

  it('updates name and missing_uri_mode, and refuses other fields and modes', async () => {
    const token = await app.adminToken();
    const id = await createScopeItem(`/${uniqueSegment('upd')}`);
    const ok = await app.request(`/api/scope/${id}`, {
      method: 'PATCH',
      token,
      body: { name: 'Renamed', missing_uri_mode: 'reject' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Renamed', missing_uri_mode: 'reject' });
    const uri = await app.request(`/api/scope/${id}`, {
      method: 'PATCH',
      token,
      body: { uri: '/x' },
    });
    expect(uri.status).toBe(400);
    const mode = await app.request(`/api/scope/${id}`, {
      method: 'PATCH',
      token,
      body: { missing_uri_mode: 'maybe' },
    });
    expect(mode.status).toBe(400);
  });

  it('deletes a scope with its descendants and the access granted there', async () => {
    const token = await app.adminToken();
    const uri = `/${uniqueSegment('del')}`;
    const id = await createScopeItem(uri);
    const child = await createScopeItem(`${uri}/child`);
    const user = await tokenUser();
    await grant({ user: user.id, scope: child, policy: await createPolicy() });
    const res = await app.request(`/api/scope/${id}`, { method: 'DELETE', token });
    expect(res.status).toBe(204);
    expect((await app.request(`/api/scope/${child}`, { token })).status).toBe(404);
    const scoped = await app.request('/api/users/me', {
      token: user.token,
      headers: at(`${uri}/child`),
    });
    expect(scoped.status).toBe(400);
    expect(scoped.body.errors[0].extensions.code).toBe('INVALID_SCOPE');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await app.adminToken();
    expect((await app.request(`/api/scope/${crypto.randomUUID()}`, { token })).status).toBe(404);
    expect((await app.request('/api/scope/not-a-uuid', { token })).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const user = await tokenUser();
    await grant({ user: user.id, policy: await createPolicy({ app_access: true }) });
    expect((await app.request('/api/scope', { token: user.token })).status).toBe(403);
    const post = await app.request('/api/scope', {
      method: 'POST',
      token: user.token,
      body: { uri: `/${uniqueSegment('no')}` },
    });
    expect(post.status).toBe(403);
    expect((await app.request('/api/scope')).status).toBe(401);
  });
});
