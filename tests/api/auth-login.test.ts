import { describe, expect, it } from 'vitest';
import { totpCode, generateTotpSecret } from '@/lib/auth/totp';
import { getDb } from '@/lib/db/client';
import { hashPassword, verifyPassword } from '@/lib/core/passwords';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

const login = (body: unknown, headers?: Record<string, string>) =>
  app.request('/api/auth/login', { method: 'POST', body, headers });

const INVALID = { error: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' };

function setCookieOf(res: { headers: Headers }): string {
  return res.headers.getSetCookie().find((c) => c.startsWith('daas_session=')) ?? '';
}

describe('POST /api/auth/login', () => {
  it('answers an access token, a refresh token and the access lifetime in ms (json mode)', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires', 'refresh_token']);
    expect(res.body.data.access_token.split('.')).toHaveLength(3);
    expect(res.body.data.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.expires).toBe(15 * 60 * 1000);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie()).toEqual([]);
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
  });

  it('sets an httpOnly, SameSite=Lax session cookie in session mode and keeps the token out of the body', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires']);
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/^daas_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${7 * 24 * 3600}`);
    expect(cookie).not.toContain('Secure');
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const previous = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = 'https://daas.example.com';
    try {
      const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
      expect(setCookieOf(res)).toContain('; Secure');
    } finally {
      if (previous === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = previous;
    }
  });

  it('stores only a hash of the session token, with the client address and agent', async () => {
    const res = await login(
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'login-test-agent' },
    );
    const { refresh_token } = res.body.data;
    const rows = await getDb()
      .selectFrom('daas_sessions')
      .selectAll()
      .where('user_agent', '=', 'login-test-agent')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(refresh_token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.ip).toBe('203.0.113.9');
    expect(rows[0]!.assurance).toBe(2);
    expect(Date.parse(rows[0]!.expires) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('answers 401 Invalid user credentials for a wrong password', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('answers the same 401 for an unknown email', async () => {
    const res = await login({ email: 'nobody-here@example.com', password: 'whatever-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('spends a full argon2 verification on an unknown email, as on a wrong password', async () => {
    // Minimums, interleaved: load on the machine only ever adds time, so the fastest of
    // several runs is each path's own cost, and a busy moment hits all three alike.
    const stored = await hashPassword('timing-reference');
    const best = { verify: Infinity, unknown: Infinity };
    for (let i = 0; i < 7; i++) {
      let start = performance.now();
      await verifyPassword(stored, 'not-the-password');
      best.verify = Math.min(best.verify, performance.now() - start);
      start = performance.now();
      const res = await login({ email: 'timing-nobody@example.com', password: 'not-the-password' });
      best.unknown = Math.min(best.unknown, performance.now() - start);
      expect(res.status).toBe(401);
    }
    // Without the dummy verification the unknown email answers in a fraction of one.
    expect(best.unknown).toBeGreaterThan(best.verify * 0.8);
  });

  it('refuses a suspended user with the same 401, even with the right password', async () => {
    const user = await createUser({ status: 'suspended' });
    const res = await login({ email: user.email, password: user.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('matches the email case-insensitively', async () => {
    const user = await createUser({ email: 'Mixed.Case@Example.com' });
    const res = await login({ email: 'MIXED.case@example.COM', password: user.password });
    expect(res.status).toBe(200);
  });

  it('records last_access and a login activity on every login', async () => {
    const user = await createUser();
    const before = Date.now();
    const res = await login(
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'activity-agent' },
    );
    expect(res.status).toBe(200);
    const db = getDb();
    const row = await db
      .selectFrom('daas_users')
      .select('last_access')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.last_access!)).toBeGreaterThanOrEqual(before - 1000);
    const activity = await db
      .selectFrom('daas_activity')
      .selectAll()
      .where('user', '=', user.id)
      .where('action', '=', 'login')
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      collection: 'daas_users',
      item: user.id,
      ip: '198.51.100.7',
      user_agent: 'activity-agent',
    });
  });

  it('answers 400 for a missing password, an unknown field and malformed JSON', async () => {
    const missing = await login({ email: ADMIN_EMAIL });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_PAYLOAD');
    const unknown = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, role: 'x' });
    expect(unknown.status).toBe(400);
    const malformed = await app.request('/api/auth/login', {
      method: 'POST',
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: 'Request body is not valid JSON',
      code: 'INVALID_PAYLOAD',
    });
  });

  it('still signs in when the browser sends a stale session cookie', async () => {
    const res = await login(
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { cookie: 'daas_session=stale-value-from-an-old-session' },
    );
    expect(res.status).toBe(200);
  });
});

describe('POST /api/auth/login for a user with a TOTP factor', () => {
  it('gives level 1 without an otp: the caller may read /users/me but nothing else', async () => {
    const user = await createUser({ tfa_secret: generateTotpSecret(), admin: true });
    const res = await login({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const token = res.body.data.access_token;
    expect((await app.request('/api/users/me', { token })).status).toBe(200);
    const other = await app.request('/api/users/me', {
      token,
      method: 'PATCH',
      body: { title: 'x' },
    });
    expect(other.status).toBe(403);
    expect(other.body.errors[0].extensions.code).toBe('MFA_REQUIRED');
  });

  it('gives level 2 with a valid otp', async () => {
    const secret = generateTotpSecret();
    // An administrator, so the update below is allowed once the second factor is given.
    const user = await createUser({ tfa_secret: secret, admin: true });
    const res = await login({ email: user.email, password: user.password, otp: totpCode(secret) });
    expect(res.status).toBe(200);
    const patch = await app.request('/api/users/me', {
      token: res.body.data.access_token,
      method: 'PATCH',
      body: { title: 'Verified' },
    });
    expect(patch.status).toBe(200);
  });

  it('answers 401 INVALID_OTP for a wrong otp', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ tfa_secret: secret });
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const res = await login({ email: user.email, password: user.password, otp: wrong });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid user OTP', code: 'INVALID_OTP' });
  });
});
