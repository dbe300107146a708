import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret } from '@/lib/auth/totp';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../helpers/app';
import { addPermissions, createPermittedUser } from '../helpers/permissions';
import { createSelfServiceUser } from '../helpers/self-service';
import { createUser, uniqueEmail } from '../helpers/users';

/**
 * /api/users/me is decided by the caller's permissions on their own daas_users row, like
 * /api/users/:id: read fields, update fields, item filters. A new email or password needs
 * the current password; a static token needs a permission naming `token`.
 */
const app = setupTestApp();

const me = (token: string) => app.request('/api/users/me', { token });
const patch = (token: string, body: unknown) =>
  app.request('/api/users/me', { method: 'PATCH', token, body });

async function stored(id: string) {
  return getDb()
    .selectFrom('daas_users')
    .select(['email', 'password', 'first_name', 'last_name', 'token'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const staticToken = () => `svc_${crypto.randomBytes(16).toString('hex')}`;

describe('GET /api/users/me', () => {
  it('shows only id and has_tfa without app access or a read permission on daas_users', async () => {
    const user = await createSelfServiceUser();
    const res = await me(await app.login(user.email, user.password));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, has_tfa: false });
  });

  it('shows only the fields the read permission on the own row grants', async () => {
    const user = await createSelfServiceUser({ read: ['id', 'first_name'] });
    const res = await me(await app.login(user.email, user.password));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, first_name: 'Test', has_tfa: false });
  });

  it('shows nothing but id when the read permission’s item filter leaves the own row out', async () => {
    const user = await createSelfServiceUser();
    const policy = await getDb()
      .selectFrom('daas_access')
      .select('policy')
      .where('role', '=', user.role!)
      .executeTakeFirstOrThrow();
    await addPermissions(policy.policy!, [
      {
        collection: 'daas_users',
        action: 'read',
        fields: ['*'],
        permissions: { id: { _neq: '$CURRENT_USER' } },
      },
    ]);
    const res = await me(await app.login(user.email, user.password));
    expect(res.body.data).toEqual({ id: user.id, has_tfa: false });
  });

  it('shows the studio profile to a user with app access, and nothing more', async () => {
    const user = await createSelfServiceUser({ app: true });
    const res = await me(await app.login(user.email, user.password));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Test',
      last_name: 'User',
      role: user.role,
      status: 'active',
      has_tfa: false,
    });
    for (const hidden of [
      'last_access',
      'provider',
      'external_identifier',
      'email_notifications',
    ]) {
      expect(res.body.data).not.toHaveProperty(hidden);
    }
  });

  it('answers a first-factor-only session, filtered the same way', async () => {
    const user = await createSelfServiceUser({
      read: ['id', 'last_name'],
      tfa_secret: generateTotpSecret(),
    });
    // Password only: a session at assurance level 1, which may read its own profile.
    const token = await app.login(user.email, user.password);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, last_name: 'User', has_tfa: true });
  });
});

describe('PATCH /api/users/me', () => {
  it('answers 403 without an update permission on daas_users, and changes nothing', async () => {
    const user = await createSelfServiceUser({ app: true });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, { last_name: 'Changed' });
    expect(res.status).toBe(403);
    expect((await stored(user.id)).last_name).toBe('User');
  });

  it('answers 403 for a field the update permission does not grant', async () => {
    const user = await createSelfServiceUser({ read: ['*'], update: ['first_name'] });
    const token = await app.login(user.email, user.password);
    expect((await patch(token, { last_name: 'Changed' })).status).toBe(403);
    const ok = await patch(token, { first_name: 'Grace' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.first_name).toBe('Grace');
    expect((await stored(user.id)).last_name).toBe('User');
  });

  it('answers 403 when the update permission’s item filter leaves the own row out', async () => {
    const user = await createSelfServiceUser();
    const policy = await getDb()
      .selectFrom('daas_access')
      .select('policy')
      .where('role', '=', user.role!)
      .executeTakeFirstOrThrow();
    await addPermissions(policy.policy!, [
      {
        collection: 'daas_users',
        action: 'update',
        fields: ['*'],
        permissions: { id: { _neq: '$CURRENT_USER' } },
      },
    ]);
    const token = await app.login(user.email, user.password);
    expect((await patch(token, { last_name: 'Changed' })).status).toBe(403);
    expect((await stored(user.id)).last_name).toBe('User');
  });

  it('returns only what the read permission shows after an update', async () => {
    const user = await createSelfServiceUser({ read: ['id'], update: ['first_name'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, { first_name: 'Hidden' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, has_tfa: false });
  });
});

describe('a new email or password through /api/users/me', () => {
  it('answers 400 without current_password, and changes nothing', async () => {
    const user = await createSelfServiceUser({ update: ['email', 'password'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, { password: 'a-new-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('current_password');
    expect((await patch(token, { email: uniqueEmail() })).status).toBe(400);
    expect(await stored(user.id)).toMatchObject({ email: user.email });
    expect((await app.login(user.email, user.password)).length).toBeGreaterThan(0);
  });

  it('answers 400 with a wrong current_password, and changes nothing', async () => {
    const user = await createSelfServiceUser({ update: ['email', 'password'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, {
      password: 'a-new-password-1',
      current_password: 'not-my-password',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    expect((await app.login(user.email, user.password)).length).toBeGreaterThan(0);
  });

  it('changes both with the right current_password, which is not stored', async () => {
    const user = await createSelfServiceUser({
      read: ['id', 'email'],
      update: ['email', 'password'],
    });
    const token = await app.login(user.email, user.password);
    const email = uniqueEmail('moved');
    const res = await patch(token, {
      email,
      password: 'a-new-password-1',
      current_password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(email);
    expect((await app.login(email, 'a-new-password-1')).length).toBeGreaterThan(0);
  });

  it('still needs the update permission on the field, current_password or not', async () => {
    const user = await createSelfServiceUser({ update: ['first_name'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, {
      password: 'a-new-password-1',
      current_password: user.password,
    });
    expect(res.status).toBe(403);
    expect((await app.login(user.email, user.password)).length).toBeGreaterThan(0);
  });

  it('answers 403 before looking at current_password when the field is not granted', async () => {
    const user = await createSelfServiceUser({ update: ['first_name'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, { password: 'a-new-password-1', current_password: 'wrong' });
    expect(res.status).toBe(403);
  });

  it('needs no current_password when the email is unchanged', async () => {
    const user = await createSelfServiceUser({ update: ['email', 'first_name'] });
    const token = await app.login(user.email, user.password);
    const res = await patch(token, { email: user.email.toUpperCase(), first_name: 'Same' });
    expect(res.status).toBe(200);
  });

  it('asks the administrator for the current password too', async () => {
    const token = await app.adminToken();
    const res = await patch(token, { password: 'another-admin-password' });
    expect(res.status).toBe(400);
  });

  it('can not be done by a non-admin through /api/users/:id on their own row', async () => {
    const user = await createSelfServiceUser({ read: ['*'], update: ['*'] });
    const token = await app.login(user.email, user.password);
    const res = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token,
      body: { password: 'a-new-password-1' },
    });
    expect(res.status).toBe(400);
    expect((await app.login(user.email, user.password)).length).toBeGreaterThan(0);
    const name = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token,
      body: { first_name: 'Allowed' },
    });
    expect(name.status).toBe(200);
  });
});

describe('a static token set by its own user', () => {
  it('answers 403 when the update permission grants "*" but does not name "token"', async () => {
    const user = await createSelfServiceUser({ read: ['*'], update: ['*'] });
    const token = await app.login(user.email, user.password);
    const value = staticToken();
    expect((await patch(token, { token: value })).status).toBe(403);
    expect((await stored(user.id)).token).toBeNull();
    expect((await me(value)).status).toBe(401);
    const viaId = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token,
      body: { token: value },
    });
    expect(viaId.status).toBe(403);
  });

  it('is set when the update permission names "token"', async () => {
    const user = await createSelfServiceUser({ update: ['token'] });
    const token = await app.login(user.email, user.password);
    const value = staticToken();
    expect((await patch(token, { token: value })).status).toBe(200);
    expect((await me(value)).body.data.id).toBe(user.id);
  });

  it('is set by an administrator for themselves', async () => {
    const admin = await createUser({ admin: true });
    const token = await app.login(admin.email, admin.password);
    const value = staticToken();
    expect((await patch(token, { token: value })).status).toBe(200);
    expect((await me(value)).body.data.id).toBe(admin.id);
  });
});

describe('a static token given to a new user by a non-admin', () => {
  it('answers 403 under a create permission of "*", 201 when it names "token"', async () => {
    const star = await createPermittedUser([{ collection: 'daas_users', action: 'create' }]);
    const starToken = await app.login(star.email, star.password);
    const value = staticToken();
    const refused = await app.request('/api/users', {
      method: 'POST',
      token: starToken,
      body: { email: uniqueEmail('svc'), token: value },
    });
    expect(refused.status).toBe(403);
    expect((await me(value)).status).toBe(401);

    const named = await createPermittedUser([
      { collection: 'daas_users', action: 'create', fields: ['email', 'token'] },
    ]);
    const namedToken = await app.login(named.email, named.password);
    const created = await app.request('/api/users', {
      method: 'POST',
      token: namedToken,
      body: { email: uniqueEmail('svc'), token: value },
    });
    expect(created.status).toBe(201);
  });
});
