import { describe, expect, it } from 'vitest';
import { totpCode } from '@/lib/auth/totp';
import { setupTestApp } from '../helpers/app';
import { createTokenUser } from '../helpers/token-users';
import { createUser } from '../helpers/users';

process.env.MFA_FORCE_ENABLED = 'true';
const app = setupTestApp();

const post = (path: string, body: unknown, token?: string) =>
  app.request(path, { method: 'POST', body, token });

describe('MFA_FORCE_ENABLED=true', () => {
  it('gives a user without a factor level 1: enrolment, /auth/* and /users/me only', async () => {
    const user = await createUser({ admin: true });
    const login = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const token = login.body.data.access_token as string;

    for (const path of ['/api/settings', '/api/collections']) {
      const res = await app.request(path, { token });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].extensions.code).toBe('MFA_REQUIRED');
    }
    const patch = await app.request('/api/users/me', {
      token,
      method: 'PATCH',
      body: { first_name: 'X' },
    });
    expect(patch.status).toBe(403);
    expect((await app.request('/api/users/me', { token })).status).toBe(200);

    // Verifying needs a factor first.
    expect((await post('/api/auth/mfa/verify', { otp: '123456' }, token)).status).toBe(400);

    const gen = await post('/api/users/me/tfa/generate', { password: user.password }, token);
    expect(gen.status).toBe(200);
    const secret = gen.body.data.secret as string;
    const enable = await post('/api/users/me/tfa/enable', { secret, otp: totpCode(secret) }, token);
    expect(enable.status).toBe(204);
    // Enrolling alone does not raise the session.
    expect((await app.request('/api/settings', { token })).status).toBe(403);

    const verified = await post('/api/auth/mfa/verify', { otp: totpCode(secret) }, token);
    expect(verified.status).toBe(200);
    const upgraded = verified.body.data.access_token as string;
    expect((await app.request('/api/settings', { token: upgraded })).status).toBe(200);
    expect((await app.request('/api/collections', { token: upgraded })).status).toBe(200);
  });

  it('signs a user with a factor in at level 2 straight away with a valid code', async () => {
    const user = await createUser({ admin: true });
    const first = await post('/api/auth/login', { email: user.email, password: user.password });
    const token = first.body.data.access_token as string;
    const secret = (await post('/api/users/me/tfa/generate', { password: user.password }, token))
      .body.data.secret as string;
    await post('/api/users/me/tfa/enable', { secret, otp: totpCode(secret) }, token);

    const second = await post('/api/auth/login', {
      email: user.email,
      password: user.password,
      otp: totpCode(secret),
    });
    expect(second.status).toBe(200);
    const settings = await app.request('/api/settings', { token: second.body.data.access_token });
    expect(settings.status).toBe(200);
  });

  it('refuses to disable the factor while MFA is forced', async () => {
    const user = await createUser({ app: true });
    const first = await post('/api/auth/login', { email: user.email, password: user.password });
    const token = first.body.data.access_token as string;
    const secret = (await post('/api/users/me/tfa/generate', { password: user.password }, token))
      .body.data.secret as string;
    await post('/api/users/me/tfa/enable', { secret, otp: totpCode(secret) }, token);
    const res = await post('/api/users/me/tfa/disable', { otp: totpCode(secret) }, token);
    expect(res.status).toBe(400);
  });

  it('exempts static tokens (service accounts)', async () => {
    const service = await createTokenUser({ admin: true });
    const res = await app.request('/api/settings', { token: service.token });
    expect(res.status).toBe(200);
  });
});
