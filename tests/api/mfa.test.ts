import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCode } from '@/lib/auth/totp';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../helpers/app';
import { createRole, createUser, type TestUser } from '../helpers/users';

const app = setupTestApp();

const post = (path: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  app.request(path, { method: 'POST', body, token, headers });

const wrongCode = (secret: string) => (totpCode(secret) === '000000' ? '111111' : '000000');
/** The code of the next time step: still accepted (clock drift), and later than the current one. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

function sessionCookie(res: { headers: Headers }): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('daas_session=')) ?? '';
  return set.split(';')[0]!;
}

async function loginAs(user: TestUser, extra: Record<string, unknown> = {}) {
  const res = await post('/api/auth/login', {
    email: user.email,
    password: user.password,
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.data as { access_token: string; refresh_token?: string };
}

async function storedSecret(id: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom('daas_users')
    .select('tfa_secret')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.tfa_secret;
}

async function expectMfaRequired(token: string) {
  const settings = await app.request('/api/settings', { token });
  expect(settings.status).toBe(403);
  expect(settings.body.errors[0].extensions.code).toBe('MFA_REQUIRED');
  const collections = await app.request('/api/collections', { token });
  expect(collections.status).toBe(403);
  expect(collections.body.errors[0].extensions.code).toBe('MFA_REQUIRED');
  expect((await app.request('/api/users/me', { token })).status).toBe(200);
}

describe('TOTP enrolment: /api/users/me/tfa/*', () => {
  it('generates a secret after the password is checked again, without storing it', async () => {
    const user = await createUser({ app: true });
    const { access_token } = await loginAs(user);
    const res = await post('/api/users/me/tfa/generate', { password: user.password }, access_token);
    expect(res.status).toBe(200);
    expect(res.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(res.body.data.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(res.body.data.secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(await storedSecret(user.id)).toBeNull();
  });

  it('refuses generate with a wrong password (401), without a body (400) and anonymously (401)', async () => {
    const user = await createUser({ app: true });
    const { access_token } = await loginAs(user);
    const wrong = await post('/api/users/me/tfa/generate', { password: 'nope' }, access_token);
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
    expect((await post('/api/users/me/tfa/generate', {}, access_token)).status).toBe(400);
    expect((await post('/api/users/me/tfa/generate', { password: user.password })).status).toBe(
      401,
    );
  });

  it('enables with the secret and a current code, then refuses a second enrolment', async () => {
    const user = await createUser({ app: true });
    const { access_token } = await loginAs(user);
    const gen = await post('/api/users/me/tfa/generate', { password: user.password }, access_token);
    const secret = gen.body.data.secret as string;

    const bad = await post(
      '/api/users/me/tfa/enable',
      { secret, otp: wrongCode(secret) },
      access_token,
    );
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_OTP');
    expect(await storedSecret(user.id)).toBeNull();

    const ok = await post(
      '/api/users/me/tfa/enable',
      { secret, otp: totpCode(secret) },
      access_token,
    );
    expect(ok.status).toBe(204);
    expect(await storedSecret(user.id)).toBe(secret);

    const again = await post(
      '/api/users/me/tfa/enable',
      { secret, otp: totpCode(secret) },
      access_token,
    );
    expect(again.status).toBe(400);
    const regen = await post(
      '/api/users/me/tfa/generate',
      { password: user.password },
      access_token,
    );
    expect(regen.status).toBe(400);
  });

  it('never returns tfa_secret in reads of the user', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ tfa_secret: secret });
    const { access_token } = await loginAs(user, { otp: totpCode(secret) });
    const me = await app.request('/api/users/me', { token: access_token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).not.toContain(secret);
  });

  it('disables only with a valid code', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ app: true, tfa_secret: secret });
    const { access_token } = await loginAs(user, { otp: totpCode(secret) });
    const bad = await post('/api/users/me/tfa/disable', { otp: wrongCode(secret) }, access_token);
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_OTP');
    expect(await storedSecret(user.id)).toBe(secret);
    // A later code than the one that signed in: that one is spent.
    const ok = await post('/api/users/me/tfa/disable', { otp: nextCode(secret) }, access_token);
    expect(ok.status).toBe(204);
    expect(await storedSecret(user.id)).toBeNull();
    const again = await post('/api/users/me/tfa/disable', { otp: totpCode(secret) }, access_token);
    expect(again.status).toBe(400);
  });
});

describe('Sign-in of a user with a TOTP factor', () => {
  it('without a code: level 1, refused with MFA_REQUIRED everywhere but /users/me', async () => {
    const user = await createUser({ admin: true, tfa_secret: generateTotpSecret() });
    const { access_token } = await loginAs(user);
    await expectMfaRequired(access_token);
    expect((await app.request('/api/server/ping', { token: access_token })).status).toBe(200);
    // Public endpoints too: the caller is signed in, with policies it has not earned yet.
    const info = await app.request('/api/server/info', { token: access_token });
    expect(info.status).toBe(403);
    expect(info.body.errors[0].extensions.code).toBe('MFA_REQUIRED');
    expect((await app.request('/api/server/info')).status).toBe(200);
  });

  it('with a valid code: level 2, the same endpoints answer 200', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ admin: true, tfa_secret: secret });
    const { access_token } = await loginAs(user, { otp: totpCode(secret) });
    expect((await app.request('/api/settings', { token: access_token })).status).toBe(200);
    expect((await app.request('/api/collections', { token: access_token })).status).toBe(200);
  });

  it('mfa/verify upgrades a level-1 token to level 2, and a refresh keeps level 2', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ admin: true, tfa_secret: secret });
    const first = await loginAs(user);

    const wrong = await post(
      '/api/auth/mfa/verify',
      { otp: wrongCode(secret) },
      first.access_token,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid user OTP', code: 'INVALID_OTP' });

    const res = await post('/api/auth/mfa/verify', { otp: totpCode(secret) }, first.access_token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires', 'refresh_token']);
    const upgraded = res.body.data.access_token;
    expect((await app.request('/api/settings', { token: upgraded })).status).toBe(200);
    // The old first-factor token is still only level 1.
    expect((await app.request('/api/settings', { token: first.access_token })).status).toBe(403);

    const refreshed = await post('/api/auth/refresh', {
      refresh_token: res.body.data.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await app.request('/api/settings', { token: refreshed.body.data.access_token })).status,
    ).toBe(200);
  });

  it('a refresh of a level-1 session stays level 1', async () => {
    const user = await createUser({ admin: true, tfa_secret: generateTotpSecret() });
    const first = await loginAs(user);
    const refreshed = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    await expectMfaRequired(refreshed.body.data.access_token);
  });

  it('mfa/verify in session mode raises the cookie session and renews the cookie', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ admin: true, tfa_secret: secret });
    const login = await post('/api/auth/login', {
      email: user.email,
      password: user.password,
      mode: 'session',
    });
    const cookie = sessionCookie(login);
    expect(cookie).toMatch(/^daas_session=/);
    const before = await app.request('/api/settings', { headers: { cookie } });
    expect(before.status).toBe(403);
    expect(before.body.errors[0].extensions.code).toBe('MFA_REQUIRED');

    const res = await post('/api/auth/mfa/verify', { otp: totpCode(secret) }, undefined, {
      cookie,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires']);
    const renewed = sessionCookie(res);
    expect(renewed).toMatch(/^daas_session=/);
    expect(renewed).not.toBe(cookie);
    expect((await app.request('/api/settings', { headers: { cookie: renewed } })).status).toBe(200);
  });

  it('mfa/verify needs a signed-in caller and an enrolled factor', async () => {
    expect((await post('/api/auth/mfa/verify', { otp: '123456' })).status).toBe(401);
    const user = await createUser({ app: true });
    const { access_token } = await loginAs(user);
    const res = await post('/api/auth/mfa/verify', { otp: '123456' }, access_token);
    expect(res.status).toBe(400);
  });
});

describe('A policy with enforce_tfa', () => {
  async function enforcedUser(): Promise<TestUser> {
    const { role, policy } = await createRole({ admin: true });
    await getDb()
      .updateTable('daas_policies')
      .set({ enforce_tfa: true })
      .where('id', '=', policy)
      .execute();
    return createUser({ role });
  }

  it('keeps a user without a factor at level 1 until enrolled and verified', async () => {
    const user = await enforcedUser();
    const first = await loginAs(user);
    await expectMfaRequired(first.access_token);

    const gen = await post(
      '/api/users/me/tfa/generate',
      { password: user.password },
      first.access_token,
    );
    expect(gen.status).toBe(200);
    const secret = gen.body.data.secret as string;
    const enable = await post(
      '/api/users/me/tfa/enable',
      { secret, otp: totpCode(secret) },
      first.access_token,
    );
    expect(enable.status).toBe(204);

    const verified = await post(
      '/api/auth/mfa/verify',
      { otp: totpCode(secret) },
      first.access_token,
    );
    expect(verified.status).toBe(200);
    expect(
      (await app.request('/api/settings', { token: verified.body.data.access_token })).status,
    ).toBe(200);
  });

  it('refuses to disable an enforced factor', async () => {
    const user = await enforcedUser();
    const secret = generateTotpSecret();
    await getDb()
      .updateTable('daas_users')
      .set({ tfa_secret: secret })
      .where('id', '=', user.id)
      .execute();
    const { access_token } = await loginAs(user, { otp: totpCode(secret) });
    const res = await post('/api/users/me/tfa/disable', { otp: nextCode(secret) }, access_token);
    expect(res.status).toBe(400);
    expect(await storedSecret(user.id)).toBe(secret);
  });

  it('leaves users of other policies at level 2 without a factor', async () => {
    const user = await createUser({ admin: true });
    const { access_token } = await loginAs(user);
    expect((await app.request('/api/settings', { token: access_token })).status).toBe(200);
  });
});
