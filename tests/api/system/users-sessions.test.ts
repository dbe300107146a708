import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestApp } from '../../helpers/app';
import { createTokenUser } from '../../helpers/token-users';
import { createUser, type TestUser } from '../../helpers/users';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function signIn(email: string, password: string): Promise<Tokens> {
  const res = await app.request('/api/auth/login', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.data as Tokens;
}

/** Whether the session still works: its access token reads /users/me, its refresh token renews. */
async function alive(tokens: Tokens): Promise<{ access: number; refresh: number }> {
  const me = await app.request('/api/users/me', { token: tokens.access_token });
  const refreshed = await app.request('/api/auth/refresh', {
    method: 'POST',
    body: { refresh_token: tokens.refresh_token },
  });
  return { access: me.status, refresh: refreshed.status };
}

async function patchUser(token: string, id: string, body: Record<string, unknown>) {
  return app.request(`/api/users/${id}`, { method: 'PATCH', token, body });
}

describe('sessions when an account changes through /api/users', () => {
  let user: TestUser;
  let tokens: Tokens;

  beforeAll(async () => {
    user = await createUser();
  });

  it('ends every session of a user whose password an administrator changes', async () => {
    tokens = await signIn(user.email, user.password);
    const res = await patchUser(admin, user.id, { password: 'a-brand-new-password-1' });
    expect(res.status).toBe(200);
    expect(await alive(tokens)).toEqual({ access: 401, refresh: 401 });
    user.password = 'a-brand-new-password-1';
    await signIn(user.email, user.password);
  });

  it('ends every session of a user who is suspended', async () => {
    tokens = await signIn(user.email, user.password);
    expect((await patchUser(admin, user.id, { status: 'suspended' })).status).toBe(200);
    expect(await alive(tokens)).toEqual({ access: 401, refresh: 401 });
    expect((await patchUser(admin, user.id, { status: 'active' })).status).toBe(200);
  });

  it('keeps the sessions through a change of name, email or role', async () => {
    tokens = await signIn(user.email, user.password);
    const res = await patchUser(admin, user.id, { first_name: 'Renamed' });
    expect(res.status).toBe(200);
    const still = await alive(tokens);
    expect(still).toEqual({ access: 200, refresh: 200 });
  });

  it('ends them for a batch password change too', async () => {
    tokens = await signIn(user.email, user.password);
    const res = await app.request('/api/users', {
      method: 'PATCH',
      token: admin,
      body: { keys: [user.id], data: { password: 'another-new-password-2' } },
    });
    expect(res.status).toBe(200);
    expect(await alive(tokens)).toEqual({ access: 401, refresh: 401 });
    user.password = 'another-new-password-2';
  });

  it('keeps the session an administrator changes their own password from, and ends the rest', async () => {
    const own = await app.request('/api/users/me', { token: admin });
    const other = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const current = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await patchUser(current.access_token, own.body.data.id, {
      password: ADMIN_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await alive(other)).access).toBe(401);
    expect((await alive(current)).access).toBe(200);
  });

  it('lets a non-admin with update permission on users end sessions the same way', async () => {
    const editor = await createTokenUser({
      permissions: [
        { collection: 'daas_users', action: 'update', fields: ['password'] },
        { collection: 'daas_users', action: 'read', fields: ['id'] },
      ],
    });
    tokens = await signIn(user.email, user.password);
    const res = await patchUser(editor.token, user.id, { password: 'third-new-password-3' });
    expect(res.status).toBe(200);
    expect(await alive(tokens)).toEqual({ access: 401, refresh: 401 });
  });
});
