import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCode } from '@/lib/auth/totp';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../helpers/app';
import { createPermittedUser } from '../helpers/permissions';

const app = setupTestApp();

async function storedSecret(id: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom('daas_users')
    .select('tfa_secret')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.tfa_secret;
}

/** A user with a second factor and update permission on every field of its own row. */
async function enrolledUser() {
  const user = await createPermittedUser([
    { collection: 'daas_users', action: 'read', fields: ['*'] },
    {
      collection: 'daas_users',
      action: 'update',
      fields: ['*'],
      permissions: { id: { _eq: '$CURRENT_USER' } },
    },
  ]);
  const secret = generateTotpSecret();
  await getDb()
    .updateTable('daas_users')
    .set({ tfa_secret: secret })
    .where('id', '=', user.id)
    .execute();
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    body: { email: user.email, password: user.password, otp: totpCode(secret) },
  });
  expect(res.status).toBe(200);
  return { ...user, secret, token: res.body.data.access_token as string };
}

describe('removing a second factor', () => {
  it('refuses a user clearing its own tfa_secret through PATCH /api/users/:id even with * update', async () => {
    const user = await enrolledUser();
    const res = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token: user.token,
      body: { tfa_secret: null },
    });
    expect(res.status).toBe(403);
    expect(await storedSecret(user.id)).toBe(user.secret);
    const other = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token: user.token,
      body: { first_name: 'Still allowed' },
    });
    expect(other.status).toBe(200);
  });

  it('refuses the batch form too', async () => {
    const user = await enrolledUser();
    const res = await app.request('/api/users', {
      method: 'PATCH',
      token: user.token,
      body: { keys: [user.id], data: { tfa_secret: null } },
    });
    expect(res.status).toBe(403);
    expect(await storedSecret(user.id)).toBe(user.secret);
  });

  it('refuses tfa_secret through PATCH /api/users/me', async () => {
    const user = await enrolledUser();
    const res = await app.request('/api/users/me', {
      method: 'PATCH',
      token: user.token,
      body: { tfa_secret: null },
    });
    expect(res.status).toBe(400);
    expect(await storedSecret(user.id)).toBe(user.secret);
  });

  it('lets an administrator reset a lost factor', async () => {
    const user = await enrolledUser();
    const admin = await app.adminToken();
    const res = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token: admin,
      body: { tfa_secret: null },
    });
    expect(res.status).toBe(200);
    expect(await storedSecret(user.id)).toBeNull();
  });

  it('answers an anonymous caller 401 and keeps the factor', async () => {
    const user = await enrolledUser();
    const res = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      body: { tfa_secret: null },
    });
    expect(res.status).toBe(401);
    expect(await storedSecret(user.id)).toBe(user.secret);
  });
});
