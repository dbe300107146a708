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

const at = (uri: string) => ({ 'x-resource-uri': uri });

async function tokenUser(names: { first_name?: string | null; last_name?: string | null } = {}) {
  const token = crypto.randomBytes(24).toString('base64url');
  return { ...(await createUser({ token, ...names })), token };
}

describe('GET /api/scope/me', () => {
  let acme: string;
  let acmeId: string;
  let shopId: string;
  let other: string;
  let otherId: string;
  /** Studio access (app_access) at /acme only, with a first and last name. */
  let member: { id: string; email: string; token: string };
  /** Another tenant's member, whose scope the first must never see. */
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    acme = `/${uniqueSegment('acme')}`;
    acmeId = await createScopeItem(acme);
    shopId = await createScopeItem(`${acme}/shop`);
    other = `/${uniqueSegment('other')}`;
    otherId = await createScopeItem(other);
    member = await tokenUser({ first_name: 'Mara', last_name: 'Member' });
    await grant({
      user: member.id,
      scope: acmeId,
      policy: await createPolicy({ app_access: true }),
    });
    stranger = await tokenUser();
    await grant({
      user: stranger.id,
      scope: otherId,
      policy: await createPolicy({ app_access: true }),
    });
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/scope/me');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lists the scopes a scope-bound member holds grants in, and nothing at the root', async () => {
    const res = await app.request('/api/scope/me', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: acmeId, uri: acme, name: acme, app_access: true }]);
    expect(res.body.meta).toEqual({ root: { policies: false, app_access: false, admin: false } });
  });

  it("never lists another member's scope, nor a child scope the member was not granted", async () => {
    const mine = await app.request('/api/scope/me', { token: member.token });
    const uris = mine.body.data.map((s: { uri: string }) => s.uri);
    expect(uris).not.toContain(other);
    expect(uris).not.toContain(`${acme}/shop`);
    expect(mine.body.data.map((s: { id: string }) => s.id)).not.toContain(shopId);
    const theirs = await app.request('/api/scope/me', { token: stranger.token });
    expect(theirs.body.data.map((s: { uri: string }) => s.uri)).toEqual([other]);
  });

  it('lists a scope granted through a role held at the root, and tells whether it opens the studio', async () => {
    const user = await tokenUser();
    const role = await createBareRole();
    await getDbSetRole(user.id, role);
    await grant({ role, scope: otherId, policy: await createPolicy() });
    const res = await app.request('/api/scope/me', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ uri: other, app_access: false })]);
  });

  it('lists a scope where the user was given a role, with that role’s root policies', async () => {
    const user = await tokenUser();
    const role = await createBareRole();
    await grant({ role, policy: await createPolicy({ app_access: true }) });
    await grant({ user: user.id, role, scope: acmeId });
    const res = await app.request('/api/scope/me', { token: user.token });
    expect(res.body.data).toEqual([expect.objectContaining({ uri: acme, app_access: true })]);
    expect(res.body.meta.root).toEqual({ policies: false, app_access: false, admin: false });
  });

  it('gives an administrator their root access and no invented grants', async () => {
    const res = await app.request('/api/scope/me', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.meta.root).toEqual({ policies: true, app_access: true, admin: true });
    expect(res.body.data).toEqual([]);
  });

  it('answers the same from inside a held scope, and 403 from a scope the member holds nothing at', async () => {
    const inside = await app.request('/api/scope/me', { token: member.token, headers: at(acme) });
    expect(inside.status).toBe(200);
    expect(inside.body.data.map((s: { uri: string }) => s.uri)).toEqual([acme]);
    const outside = await app.request('/api/scope/me', { token: member.token, headers: at(other) });
    expect(outside.status).toBe(403);
    expect(outside.body.errors[0].extensions.code).toBe('FORBIDDEN_SCOPE');
  });

  it('refuses to be asked about anyone else: unknown query parameters are a 400', async () => {
    for (const query of [`user=${stranger.id}`, `uri=${encodeURIComponent(other)}`, 'limit=1']) {
      const res = await app.request(`/api/scope/me?${query}`, { token: member.token });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_QUERY');
    }
    const anonymous = await app.request(`/api/scope/me?user=${stranger.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps the scope tree itself for administrators', async () => {
    const res = await app.request('/api/scope', { token: member.token });
    expect(res.status).toBe(403);
    const scoped = await app.request('/api/scope', { token: member.token, headers: at(acme) });
    expect(scoped.status).toBe(403);
  });
});

describe('GET /api/users/me for a scope-bound member', () => {
  it('shows the name and email of a member whose studio access is at a scope only', async () => {
    const user = await tokenUser({ first_name: 'Sam', last_name: 'Scoped' });
    const acme = `/${uniqueSegment('acme')}`;
    await grant({
      user: user.id,
      scope: await createScopeItem(acme),
      policy: await createPolicy({ app_access: true }),
    });
    for (const headers of [{}, at(acme)]) {
      const res = await app.request('/api/users/me', { token: user.token, headers });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: user.id,
        email: user.email,
        first_name: 'Sam',
        last_name: 'Scoped',
      });
    }
  });

  it('still shows only id to a member without studio access anywhere', async () => {
    const user = await tokenUser();
    const acme = `/${uniqueSegment('acme')}`;
    await grant({
      user: user.id,
      scope: await createScopeItem(acme),
      policy: await createPolicy(),
    });
    const res = await app.request('/api/users/me', { token: user.token, headers: at(acme) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, has_tfa: false });
  });
});

async function getDbSetRole(user: string, role: string): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  await getDb().updateTable('daas_users').set({ role }).where('id', '=', user).execute();
  invalidateAccessCache();
}
