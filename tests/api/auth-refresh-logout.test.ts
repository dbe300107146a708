import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../helpers/app';
import { createUser, type TestUser } from '../helpers/users';

const app = setupTestApp();

const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
  app.request(path, { method: 'POST', body, headers });

async function signIn(user: TestUser, mode: 'json' | 'session' = 'json') {
  const res = await post('/api/auth/login', { email: user.email, password: user.password, mode });
  expect(res.status).toBe(200);
  return res;
}

function sessionCookie(res: { headers: Headers }): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('daas_session='));
  return header!.split(';')[0]!;
}

const INVALID = { error: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' };

describe('POST /api/auth/refresh', () => {
  it('exchanges a refresh token for a new pair; the new access token works', async () => {
    const user = await createUser();
    const first = (await signIn(user)).body.data;
    const res = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(res.body.data.expires).toBe(15 * 60 * 1000);
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.body.data.id).toBe(user.id);
  });

  it('accepts each refresh token once; reusing a spent one ends the whole session', async () => {
    const user = await createUser();
    const first = (await signIn(user)).body.data;
    const second = (await post('/api/auth/refresh', { refresh_token: first.refresh_token })).body
      .data;

    const reuse = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(INVALID);

    // The thief's replay revoked the session: the legitimate holder's newer tokens die too.
    const next = await post('/api/auth/refresh', { refresh_token: second.refresh_token });
    expect(next.status).toBe(401);
    const me = await app.request('/api/users/me', { token: second.access_token });
    expect(me.status).toBe(401);
    const rows = await getDb()
      .selectFrom('daas_sessions')
      .select('id')
      .where('user', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 401 for an unknown refresh token and 400 when none is given', async () => {
    const unknown = await post('/api/auth/refresh', { refresh_token: 'never-issued-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(INVALID);
    const none = await post('/api/auth/refresh', {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('INVALID_PAYLOAD');
  });

  it('answers 401 for an expired session', async () => {
    const user = await createUser();
    const first = (await signIn(user)).body.data;
    await getDb()
      .updateTable('daas_sessions')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('user', '=', user.id)
      .execute();
    const res = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.status).toBe(401);
  });

  it('answers 401 once the user is suspended', async () => {
    const user = await createUser();
    const first = (await signIn(user)).body.data;
    await getDb()
      .updateTable('daas_users')
      .set({ status: 'suspended' })
      .where('id', '=', user.id)
      .execute();
    const res = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.status).toBe(401);
  });

  it('rotates the session cookie when refreshed with the cookie', async () => {
    const user = await createUser();
    const cookie = sessionCookie(await signIn(user, 'session'));
    const res = await post('/api/auth/refresh', undefined, { cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires']);
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(cookie);
    expect((await app.request('/api/users/me', { headers: { cookie: rotated } })).status).toBe(200);
    expect((await app.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
  });
});

describe('cookie authentication', () => {
  it('reads GET /api/users/me with the session cookie alone', async () => {
    const user = await createUser();
    const cookie = sessionCookie(await signIn(user, 'session'));
    const res = await app.request('/api/users/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(user.id);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its access token and refresh token are refused from then on', async () => {
    const user = await createUser();
    const tokens = (await signIn(user)).body.data;
    expect((await app.request('/api/users/me', { token: tokens.access_token })).status).toBe(200);

    const res = await post('/api/auth/logout', { refresh_token: tokens.refresh_token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const me = await app.request('/api/users/me', { token: tokens.access_token });
    expect(me.status).toBe(401);
    expect(me.body.errors[0].extensions.code).toBe('INVALID_TOKEN');
    const again = await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(again.status).toBe(401);
  });

  it('leaves the user’s other sessions alone', async () => {
    const user = await createUser();
    const a = (await signIn(user)).body.data;
    const b = (await signIn(user)).body.data;
    await post('/api/auth/logout', { refresh_token: a.refresh_token });
    expect((await app.request('/api/users/me', { token: b.access_token })).status).toBe(200);
  });

  it('ends the session of the Bearer access token when no refresh token is given', async () => {
    const user = await createUser();
    const tokens = (await signIn(user)).body.data;
    const res = await app.request('/api/auth/logout', {
      method: 'POST',
      token: tokens.access_token,
    });
    expect(res.status).toBe(204);
    expect((await app.request('/api/users/me', { token: tokens.access_token })).status).toBe(401);
  });

  it('ends a cookie session, clears the cookie and logs the logout', async () => {
    const user = await createUser();
    const cookie = sessionCookie(await signIn(user, 'session'));
    const res = await post('/api/auth/logout', undefined, {
      cookie,
      'user-agent': 'logout-agent',
    });
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('daas_session='));
    expect(cleared).toMatch(/^daas_session=;/);
    expect(cleared).toContain('Max-Age=0');
    expect((await app.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
    const activity = await getDb()
      .selectFrom('daas_activity')
      .selectAll()
      .where('user', '=', user.id)
      .where('action', '=', 'logout')
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      collection: 'daas_users',
      item: user.id,
      user_agent: 'logout-agent',
    });
  });

  it('answers 204 for an already ended session and 400 with no credential at all', async () => {
    const stale = await post('/api/auth/logout', { refresh_token: 'already-gone-token' });
    expect(stale.status).toBe(204);
    const none = await post('/api/auth/logout', {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('INVALID_PAYLOAD');
  });
});
