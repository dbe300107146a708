import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createRole, createUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;
let roleId: string;
let owner: { id: string; token: string };
let colleague: { id: string; token: string };
let stranger: { id: string; token: string };

async function signedIn(role: string | null) {
  const user = await createUser({ role });
  return { id: user.id, token: await app.login(user.email, user.password) };
}

async function create(token: string, body: Record<string, unknown>) {
  return app.request('/api/presets', {
    method: 'POST',
    token,
    body: { collection: 'articles', layout: 'tabular', ...body },
  });
}

beforeAll(async () => {
  admin = await app.adminToken();
  roleId = (await createRole({ app: true })).role;
  const otherRole = (await createRole({ app: true })).role;
  owner = await signedIn(roleId);
  colleague = await signedIn(roleId);
  stranger = await signedIn(otherRole);
});

describe('/api/presets', () => {
  it('lets a user save a bookmark of their own, owned by them whatever the body says', async () => {
    const res = await create(owner.token, {
      bookmark: 'Drafts',
      filter: { status: { _eq: 'draft' } },
      layout_query: { tabular: { fields: ['id', 'title'], sort: ['-id'] } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      bookmark: 'Drafts',
      user: owner.id,
      role: null,
      collection: 'articles',
      filter: { status: { _eq: 'draft' } },
      layout_query: { tabular: { fields: ['id', 'title'], sort: ['-id'] } },
    });
    const again = await app.request(`/api/presets/${res.body.data.id}`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.data.bookmark).toBe('Drafts');
  });

  it('shows a user their own, their role’s and the global presets, and not another user’s', async () => {
    const mine = await create(owner.token, { bookmark: `mine-${Date.now()}` });
    const theirs = await create(stranger.token, { bookmark: `theirs-${Date.now()}` });
    const forRole = await create(admin, { bookmark: 'team view', role: roleId, user: null });
    const global = await create(admin, { bookmark: 'everyone', user: null, role: null });
    const forOtherRole = await create(admin, {
      bookmark: 'other team',
      role: (await createRole()).role,
      user: null,
    });
    expect([mine, theirs, forRole, global, forOtherRole].map((r) => r.status)).toEqual([
      201, 201, 201, 201, 201,
    ]);

    const list = await app.request('/api/presets?limit=-1&fields=id', { token: owner.token });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(
      expect.arrayContaining([mine.body.data.id, forRole.body.data.id, global.body.data.id]),
    );
    expect(ids).not.toContain(theirs.body.data.id);
    expect(ids).not.toContain(forOtherRole.body.data.id);

    const colleagueList = await app.request('/api/presets?limit=-1&fields=id', {
      token: colleague.token,
    });
    const colleagueIds = colleagueList.body.data.map((p: { id: number }) => p.id);
    expect(colleagueIds).toContain(forRole.body.data.id);
    expect(colleagueIds).not.toContain(mine.body.data.id);
  });

  it('answers 404 when a user reads, changes or deletes another user’s preset', async () => {
    const theirs = await create(stranger.token, { bookmark: 'private' });
    const id = theirs.body.data.id;
    const read = await app.request(`/api/presets/${id}`, { token: owner.token });
    expect(read.status).toBe(404);
    const patch = await app.request(`/api/presets/${id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { bookmark: 'mine now' },
    });
    expect(patch.status).toBe(404);
    const del = await app.request(`/api/presets/${id}`, { method: 'DELETE', token: owner.token });
    expect(del.status).toBe(404);
    const still = await app.request(`/api/presets/${id}`, { token: stranger.token });
    expect(still.body.data.bookmark).toBe('private');
  });

  it('refuses a user who gives a preset to someone else or to a role', async () => {
    const forOther = await create(owner.token, { bookmark: 'gift', user: stranger.id });
    expect(forOther.status).toBe(403);
    const forRole = await create(owner.token, { bookmark: 'team', role: roleId });
    expect(forRole.status).toBe(403);
    const mine = await create(owner.token, { bookmark: 'move me' });
    const move = await app.request(`/api/presets/${mine.body.data.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { user: stranger.id },
    });
    expect(move.status).toBe(403);
  });

  it('lets a user read but not change their role’s or the global presets', async () => {
    const global = await create(admin, { bookmark: 'shared', user: null, role: null });
    const id = global.body.data.id;
    expect((await app.request(`/api/presets/${id}`, { token: owner.token })).status).toBe(200);
    const patch = await app.request(`/api/presets/${id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { bookmark: 'taken over' },
    });
    expect(patch.status).toBe(403);
    const del = await app.request(`/api/presets/${id}`, { method: 'DELETE', token: owner.token });
    expect(del.status).toBe(403);
  });

  it('lets the owner rename and delete their bookmark', async () => {
    const mine = await create(owner.token, { bookmark: 'old name' });
    const id = mine.body.data.id;
    const patch = await app.request(`/api/presets/${id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { bookmark: 'new name', search: 'hello' },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({
      bookmark: 'new name',
      search: 'hello',
      user: owner.id,
    });
    const del = await app.request(`/api/presets/${id}`, { method: 'DELETE', token: owner.token });
    expect(del.status).toBe(204);
    expect((await app.request(`/api/presets/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('lets an administrator read and change any user’s preset', async () => {
    const theirs = await create(stranger.token, { bookmark: 'by stranger' });
    const id = theirs.body.data.id;
    const patch = await app.request(`/api/presets/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { bookmark: 'fixed by admin' },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.data.user).toBe(stranger.id);
    const list = await app.request(`/api/presets?filter[user][_eq]=${stranger.id}`, {
      token: admin,
    });
    expect(list.body.data.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('validates the body and needs a signed-in caller', async () => {
    const unknownField = await create(owner.token, { bookmark: 'x', nope: 1 });
    expect(unknownField.status).toBe(400);
    const noCollection = await app.request('/api/presets', {
      method: 'POST',
      token: owner.token,
      body: { bookmark: 'x' },
    });
    expect(noCollection.status).toBe(400);
    const anonymous = await app.request('/api/presets');
    expect(anonymous.status).toBe(401);
  });
});
