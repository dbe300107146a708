import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moduleAccessOf, validateModuleAccess } from '@/lib/access/module-keys';
import { getDb } from '@/lib/db/client';
import { createPolicy, grant, uniqueSegment } from '../helpers/access';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

async function tokenUser() {
  const token = crypto.randomBytes(24).toString('base64url');
  return { ...(await createUser({ token })), token };
}

async function post(body: Record<string, unknown>) {
  return app.request('/api/module-access-keys', {
    method: 'POST',
    token: await app.adminToken(),
    body,
  });
}

async function moduleAccessOfPolicy(id: string) {
  const row = await getDb()
    .selectFrom('daas_policies')
    .select('module_access')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.module_access;
}

describe('/api/module-access-keys', () => {
  it('lists the built-in keys', async () => {
    const res = await app.request('/api/module-access-keys', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    const keys = res.body.data.map((k: { key: string | null }) => k.key);
    expect(keys).toEqual(
      expect.arrayContaining(['system:logs', 'workflow:approve', 'workflow:reject']),
    );
  });

  it('creates a folder and a key inside it', async () => {
    const folder = await post({ key: null, name: 'Reports' });
    expect(folder.status).toBe(201);
    expect(folder.body.data).toMatchObject({ key: null, name: 'Reports', parent: null });
    const key = `reports:${uniqueSegment()}`;
    const leaf = await post({ key, name: 'Export', parent: folder.body.data.id });
    expect(leaf.status).toBe(201);
    expect(leaf.body.data).toMatchObject({ key, parent: folder.body.data.id });
  });

  it.each(['Reports', '1reports', 'has space', 'a*b', ''])(
    'answers 400 for the key %j',
    async (key) => {
      expect((await post({ key, name: 'Bad' })).status).toBe(400);
    },
  );

  it('answers 409 for a key that exists', async () => {
    const key = `dup.${uniqueSegment()}`;
    expect((await post({ key, name: 'One' })).status).toBe(201);
    expect((await post({ key, name: 'Two' })).status).toBe(409);
    expect((await post({ key: 'system:logs', name: 'Again' })).status).toBe(409);
  });

  it('answers 400 when the parent is a key, unknown, or a field is unknown', async () => {
    const leaf = await post({ key: uniqueSegment('leaf'), name: 'Leaf' });
    expect(
      (await post({ key: uniqueSegment('k'), name: 'K', parent: leaf.body.data.id })).status,
    ).toBe(400);
    expect(
      (await post({ key: uniqueSegment('k'), name: 'K', parent: crypto.randomUUID() })).status,
    ).toBe(400);
    expect((await post({ key: uniqueSegment('k'), name: 'K', colour: 'red' })).status).toBe(400);
  });

  it('renames a key in every policy that grants it', async () => {
    const token = await app.adminToken();
    const old = uniqueSegment('old');
    const created = await post({ key: old, name: 'Old' });
    const policy = await createPolicy({ module_access: { [old]: true, 'system:logs': false } });
    const renamed = uniqueSegment('new');
    const res = await app.request(`/api/module-access-keys/${created.body.data.id}`, {
      method: 'PATCH',
      token,
      body: { key: renamed, name: 'New' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ key: renamed, name: 'New' });
    expect(await moduleAccessOfPolicy(policy)).toEqual({ [renamed]: true, 'system:logs': false });
  });

  it('refuses to rename or delete a built-in key, also through its folder', async () => {
    const token = await app.adminToken();
    const list = await app.request('/api/module-access-keys', { token });
    const logs = list.body.data.find((k: { key: string }) => k.key === 'system:logs');
    const rename = await app.request(`/api/module-access-keys/${logs.id}`, {
      method: 'PATCH',
      token,
      body: { key: 'system:other' },
    });
    expect(rename.status).toBe(400);
    const del = await app.request(`/api/module-access-keys/${logs.id}`, {
      method: 'DELETE',
      token,
    });
    expect(del.status).toBe(400);

    const folder = await post({ name: 'System' });
    const moved = await app.request(`/api/module-access-keys/${logs.id}`, {
      method: 'PATCH',
      token,
      body: { parent: folder.body.data.id },
    });
    expect(moved.status).toBe(200);
    const folderDelete = await app.request(`/api/module-access-keys/${folder.body.data.id}`, {
      method: 'DELETE',
      token,
    });
    expect(folderDelete.status).toBe(400);
    const still = await app.request(`/api/module-access-keys/${logs.id}`, { token });
    expect(still.body.data.key).toBe('system:logs');
  });

  it('deletes a folder with its keys and removes their grants from policies', async () => {
    const token = await app.adminToken();
    const folder = await post({ name: 'Temp' });
    const key = uniqueSegment('temp');
    const leaf = await post({ key, name: 'Temp key', parent: folder.body.data.id });
    const policy = await createPolicy({ module_access: { [key]: true, 'workflow:approve': true } });
    const res = await app.request(`/api/module-access-keys/${folder.body.data.id}`, {
      method: 'DELETE',
      token,
    });
    expect(res.status).toBe(204);
    expect(
      (await app.request(`/api/module-access-keys/${leaf.body.data.id}`, { token })).status,
    ).toBe(404);
    expect(await moduleAccessOfPolicy(policy)).toEqual({ 'workflow:approve': true });
  });

  it('is for administrators only', async () => {
    const user = await tokenUser();
    await grant({ user: user.id, policy: await createPolicy({ app_access: true }) });
    expect((await app.request('/api/module-access-keys', { token: user.token })).status).toBe(403);
    const create = await app.request('/api/module-access-keys', {
      method: 'POST',
      token: user.token,
      body: { key: uniqueSegment('x'), name: 'X' },
    });
    expect(create.status).toBe(403);
    expect((await app.request('/api/module-access-keys')).status).toBe(401);
  });
});

describe('module_access on policies', () => {
  it('accepts existing leaf keys with boolean values', async () => {
    const map = { 'system:logs': true, 'workflow:reject': false };
    await expect(validateModuleAccess(getDb(), map)).resolves.toEqual(map);
  });

  it('refuses unknown keys, folders and values that are not booleans', async () => {
    const db = getDb();
    await expect(validateModuleAccess(db, { 'no:such:key': true })).rejects.toMatchObject({
      status: 400,
    });
    await expect(validateModuleAccess(db, { 'system:logs': 'yes' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(validateModuleAccess(db, ['system:logs'])).rejects.toMatchObject({ status: 400 });
  });

  it('OR-merges the keys of every policy, and gives an administrator every key', async () => {
    const db = getDb();
    const custom = uniqueSegment('merge');
    await post({ key: custom, name: 'Merge' });
    const a = await createPolicy({ module_access: { 'system:logs': false, [custom]: true } });
    const b = await createPolicy({ module_access: { 'system:logs': true } });
    const c = await createPolicy({ module_access: { 'workflow:approve': false } });
    expect(await moduleAccessOf(db, { admin: false, policies: [a, b, c] })).toEqual({
      'system:logs': true,
      [custom]: true,
    });
    expect(await moduleAccessOf(db, { admin: false, policies: [c] })).toEqual({});
    const all = await moduleAccessOf(db, { admin: true, policies: [] });
    expect(all).toMatchObject({
      'system:logs': true,
      'workflow:approve': true,
      'workflow:reject': true,
      [custom]: true,
    });
  });

  it('lets a key granted by any one policy of a user through the server check', async () => {
    const user = await tokenUser();
    await grant({
      user: user.id,
      policy: await createPolicy({ module_access: { 'system:logs': false } }),
    });
    expect((await app.request('/api/logs', { token: user.token })).status).toBe(403);
    await grant({
      user: user.id,
      policy: await createPolicy({ module_access: { 'system:logs': true } }),
    });
    expect((await app.request('/api/logs', { token: user.token })).status).toBe(200);
  });
});
