import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { ADMIN_EMAIL, setupTestApp } from '../helpers/app';
import { createSelfServiceUser } from '../helpers/self-service';
import { createUser, uniqueEmail } from '../helpers/users';

/** Every profile field a user may read and change on their own row (not a static token). */
const PROFILE = [
  'first_name',
  'last_name',
  'email',
  'password',
  'location',
  'title',
  'description',
  'language',
  'appearance',
  'email_notifications',
  'last_page',
];
const selfService = (options: Parameters<typeof createSelfServiceUser>[0] = {}) =>
  createSelfServiceUser({ read: ['*'], update: PROFILE, ...options });

const app = setupTestApp();

async function tokenOf(email: string, password: string): Promise<string> {
  return app.login(email, password);
}

const patch = (token: string, body: unknown) =>
  app.request('/api/users/me', { method: 'PATCH', token, body });

describe('GET /api/users/me', () => {
  it('answers 401 UNAUTHENTICATED in the structured envelope without credentials', async () => {
    const res = await app.request('/api/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('returns the caller without password, token or tfa_secret', async () => {
    const user = await selfService({ token: 'static-token-hidden-0001', tfa_secret: null });
    const res = await app.request('/api/users/me', {
      token: await tokenOf(user.email, user.password),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Test',
      status: 'active',
      has_tfa: false,
    });
    expect(res.body.data).not.toHaveProperty('password');
    expect(res.body.data).not.toHaveProperty('token');
    expect(res.body.data).not.toHaveProperty('tfa_secret');
    expect(res.text).not.toContain('static-token-hidden-0001');
    expect(res.text).not.toContain('$argon2');
  });

  it('serves the administrator too', async () => {
    const res = await app.request('/api/users/me', { token: await app.adminToken() });
    expect(res.body.data.email).toBe(ADMIN_EMAIL);
  });
});

describe('PATCH /api/users/me', () => {
  it('lets a non-admin user change their own profile fields', async () => {
    const user = await selfService();
    const token = await tokenOf(user.email, user.password);
    const res = await patch(token, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Analyst',
      location: 'London',
      description: 'Notes on the engine',
      language: 'en-GB',
      appearance: 'dark',
      email_notifications: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Analyst',
      appearance: 'dark',
      email_notifications: false,
    });
    const again = await app.request('/api/users/me', { token });
    expect(again.body.data.location).toBe('London');
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const user = await selfService();
    const token = await tokenOf(user.email, user.password);
    const res = await patch(token, {
      password: 'my-new-password-9',
      current_password: user.password,
    });
    expect(res.status).toBe(200);
    const row = await getDb()
      .selectFrom('daas_users')
      .select('password')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect((await tokenOf(user.email, 'my-new-password-9')).length).toBeGreaterThan(0);
    await expect(tokenOf(user.email, user.password)).rejects.toThrow(/401/);
    // The session that made the change survives it.
    expect((await app.request('/api/users/me', { token })).status).toBe(200);
  });

  it('ends the user’s other sessions when the password changes', async () => {
    const user = await selfService();
    const other = await tokenOf(user.email, user.password);
    const token = await tokenOf(user.email, user.password);
    await patch(token, { password: 'my-new-password-9', current_password: user.password });
    expect((await app.request('/api/users/me', { token: other })).status).toBe(401);
  });

  it('refuses role, status and tfa_secret with 400', async () => {
    const user = await createUser();
    const token = await tokenOf(user.email, user.password);
    for (const body of [
      { role: null },
      { status: 'active' },
      { tfa_secret: 'JBSWY3DPEHPK3PXP' },
      { id: user.id },
      { provider: 'x' },
    ]) {
      const res = await patch(token, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    }
  });

  it('answers 400 for an unknown field, a bad email, a short password and malformed JSON', async () => {
    const user = await createUser();
    const token = await tokenOf(user.email, user.password);
    const unknown = await patch(token, { favourite_colour: 'blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toContain('favourite_colour');
    expect((await patch(token, { email: 'not-an-email' })).status).toBe(400);
    expect((await patch(token, { password: 'short' })).status).toBe(400);
    const malformed = await app.request('/api/users/me', {
      method: 'PATCH',
      token,
      rawBody: '{"first_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('refuses an email another user has, whatever its case', async () => {
    const taken = await createUser({ email: uniqueEmail('taken') });
    const user = await selfService();
    const token = await tokenOf(user.email, user.password);
    const res = await patch(token, {
      email: taken.email.toUpperCase(),
      current_password: user.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'RECORD_NOT_UNIQUE',
      field: 'email',
      type: 'unique',
    });
  });

  it('answers 401 without credentials', async () => {
    const res = await app.request('/api/users/me', { method: 'PATCH', body: { title: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe('static tokens', () => {
  it('sets a static token that then authenticates, and never returns it', async () => {
    const user = await selfService({ update: ['token'] });
    const token = await tokenOf(user.email, user.password);
    const staticToken = `svc_${'k'.repeat(28)}`;
    const res = await patch(token, { token: staticToken });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(staticToken);

    const me = await app.request('/api/users/me', { token: staticToken });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
    expect(me.text).not.toContain(staticToken);
  });

  it('refuses a static token shorter than 16 characters or with a dot', async () => {
    const user = await createUser();
    const token = await tokenOf(user.email, user.password);
    expect((await patch(token, { token: 'too-short' })).status).toBe(400);
    expect((await patch(token, { token: 'has.dots.like-a-jwt-0' })).status).toBe(400);
  });

  it('stops working when cleared, and for a suspended user', async () => {
    const staticToken = 'static-token-to-clear-0001';
    const user = await selfService({ token: staticToken, update: ['token'] });
    expect((await app.request('/api/users/me', { token: staticToken })).status).toBe(200);
    expect((await patch(staticToken, { token: null })).status).toBe(200);
    const cleared = await app.request('/api/users/me', { token: staticToken });
    expect(cleared.status).toBe(401);
    expect(cleared.body.errors[0].extensions.code).toBe('INVALID_TOKEN');

    const other = 'static-token-suspended-01';
    const suspended = await createUser({ token: other, status: 'suspended' });
    expect(suspended.id).not.toBe(user.id);
    expect((await app.request('/api/users/me', { token: other })).status).toBe(401);
  });

  it('refuses a static token another user already has with 409', async () => {
    await createUser({ token: 'static-token-duplicate-01' });
    const user = await selfService({ update: ['token'] });
    const token = await tokenOf(user.email, user.password);
    const res = await patch(token, { token: 'static-token-duplicate-01' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.field).toBe('token');
  });
});
