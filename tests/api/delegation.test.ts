import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorOf } from '@/lib/core/accountability';
import { getDb } from '@/lib/db/client';
import { resolveCaller } from '@/lib/http/caller';
import { createPolicy, grant } from '../helpers/access';
import { ADMIN_EMAIL, setupTestApp } from '../helpers/app';
import { createUser, type TestUser } from '../helpers/users';

const app = setupTestApp();

async function serviceAccount(flags: { delegate_access?: boolean } = {}) {
  const token = crypto.randomBytes(24).toString('base64url');
  const user = await createUser({ token });
  await grant({ user: user.id, policy: await createPolicy({ app_access: true, ...flags }) });
  return { ...user, token };
}

const behalf = (id: string) => ({ 'x-on-behalf-of': id });

describe('X-On-Behalf-Of', () => {
  let delegate: TestUser & { token: string };
  let target: TestUser;

  beforeAll(async () => {
    delegate = await serviceAccount({ delegate_access: true });
    target = await createUser();
  });

  it('lets a static token with delegate access act for an active user', async () => {
    const res = await app.request('/api/users/me', {
      token: delegate.token,
      headers: behalf(target.id),
    });
    expect(res.status).toBe(200);
    // The account stays who it is; only the recorded actor changes.
    expect(res.body.data.id).toBe(delegate.id);
  });

  it('records the delegated user as the actor', async () => {
    const request = new Request('http://localhost/api/users/me', {
      headers: { authorization: `Bearer ${delegate.token}`, ...behalf(target.id) },
    });
    const { accountability } = await resolveCaller(request, getDb());
    expect(accountability.user).toBe(delegate.id);
    expect(accountability.onBehalfOf).toBe(target.id);
    expect(actorOf(accountability)).toBe(target.id);

    const plain = await resolveCaller(
      new Request('http://localhost/api/users/me', {
        headers: { authorization: `Bearer ${delegate.token}` },
      }),
      getDb(),
    );
    expect(actorOf(plain.accountability)).toBe(delegate.id);
  });

  it("keeps the account's own policies in charge", async () => {
    const admin = await getDb()
      .selectFrom('daas_users')
      .select('id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const res = await app.request('/api/settings', {
      token: delegate.token,
      headers: behalf(admin.id),
    });
    expect(res.status).toBe(403);
  });

  it.each([
    ['an unknown user', () => crypto.randomUUID()],
    ['a malformed id', () => 'not-a-user'],
  ])('answers 400 for %s', async (_what, id) => {
    const res = await app.request('/api/users/me', {
      token: delegate.token,
      headers: behalf(id()),
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 for a user who is not active', async () => {
    const suspended = await createUser({ status: 'suspended' });
    const res = await app.request('/api/users/me', {
      token: delegate.token,
      headers: behalf(suspended.id),
    });
    expect(res.status).toBe(400);
  });

  it('answers 403 to a static token without delegate access', async () => {
    const account = await serviceAccount();
    const res = await app.request('/api/users/me', {
      token: account.token,
      headers: behalf(target.id),
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await app.request('/api/users/me', { token: account.token })).status).toBe(200);
  });

  it('answers 403 to a signed access token', async () => {
    const res = await app.request('/api/users/me', {
      token: await app.adminToken(),
      headers: behalf(target.id),
    });
    expect(res.status).toBe(403);
  });

  it('is ignored for a session cookie', async () => {
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email: target.email, password: target.password, mode: 'session' },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const res = await app.request('/api/users/me', {
      headers: { cookie, ...behalf(delegate.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(target.id);
  });
});

describe('X-On-Behalf-Of on an item write', () => {
  it("writes the delegated user into the change's activity record", async () => {
    const { sql } = await import('kysely');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    const { addPermissions } = await import('../helpers/permissions');
    const db = getDb();
    await sql`create table dlg_notes (id serial primary key, body text)`.execute(db);
    invalidateSchema();
    const token = crypto.randomBytes(24).toString('base64url');
    const account = await createUser({ token });
    const policy = await createPolicy({ app_access: true, delegate_access: true });
    await grant({ user: account.id, policy });
    await addPermissions(policy, [
      { collection: 'dlg_notes', action: 'create' },
      { collection: 'dlg_notes', action: 'read' },
    ]);
    const target = await createUser();

    const res = await app.request('/api/items/dlg_notes', {
      method: 'POST',
      token,
      headers: behalf(target.id),
      body: { body: 'on behalf' },
    });
    expect(res.status).toBe(201);
    const activity = await db
      .selectFrom('daas_activity')
      .select(['user', 'action'])
      .where('collection', '=', 'dlg_notes')
      .where('item', '=', String(res.body.data.id))
      .execute();
    expect(activity).toEqual([{ user: target.id, action: 'create' }]);
  });
});
