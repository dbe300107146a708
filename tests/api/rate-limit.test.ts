import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCode } from '@/lib/auth/totp';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

// Small numbers and a short window so the limits and their expiry are quick to reach.
const POINTS = 3;
const IP_POINTS = 5;
const DURATION_S = 4;
process.env.AUTH_RATE_LIMIT_POINTS = String(POINTS);
process.env.AUTH_RATE_LIMIT_IP_POINTS = String(IP_POINTS);
process.env.AUTH_RATE_LIMIT_DURATION = String(DURATION_S);
const app = setupTestApp();

const TOO_MANY = { error: 'Too many requests', code: 'REQUESTS_EXCEEDED' };

/** Every test uses addresses of its own so their counts stay apart. */
const newIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

const login = (body: Record<string, unknown>, ip: string) =>
  app.request('/api/auth/login', {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': ip },
  });

function expectTooMany(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(DURATION_S);
}

describe('Sign-in brute-force protection', () => {
  it('answers 429 with Retry-After once an account has used up its failures', async () => {
    const user = await createUser();
    const ip = newIp();
    for (let i = 0; i < POINTS; i++) {
      expect((await login({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
    }
    expectTooMany(await login({ email: user.email, password: 'wrong' }, ip));
  });

  it('counts an account’s failures across addresses', async () => {
    const user = await createUser();
    for (let i = 0; i < POINTS; i++) {
      expect((await login({ email: user.email, password: 'wrong' }, newIp())).status).toBe(401);
    }
    expectTooMany(await login({ email: user.email.toUpperCase(), password: 'wrong' }, newIp()));
  });

  it('counts an address’s failures across accounts, unknown emails included', async () => {
    const ip = newIp();
    for (let i = 0; i < IP_POINTS; i++) {
      const res = await login({ email: `nobody-${i}-${ip}@example.com`, password: 'wrong' }, ip);
      expect(res.status).toBe(401);
    }
    const user = await createUser();
    expectTooMany(await login({ email: user.email, password: user.password }, ip));
    // Another address still signs the same user in.
    expect((await login({ email: user.email, password: user.password }, newIp())).status).toBe(200);
  });

  it('counts failures only: a successful sign-in clears the account’s count', async () => {
    const user = await createUser();
    const ip = newIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < POINTS - 1; i++) {
        expect((await login({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
      }
      expect((await login({ email: user.email, password: user.password }, ip)).status).toBe(200);
    }
  });

  it('counts wrong codes at sign-in as failures', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ tfa_secret: secret });
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const ip = newIp();
    for (let i = 0; i < POINTS; i++) {
      const res = await login({ email: user.email, password: user.password, otp: wrong }, ip);
      expect(res.status).toBe(401);
    }
    expectTooMany(
      await login({ email: user.email, password: user.password, otp: totpCode(secret) }, ip),
    );
  });

  it('refuses a locked account’s correct password until the window passes', async () => {
    const user = await createUser();
    const ip = newIp();
    for (let i = 0; i < POINTS; i++) {
      expect((await login({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password }, ip);
    expectTooMany(locked);
    await new Promise((r) => setTimeout(r, DURATION_S * 1000 + 200));
    expect((await login({ email: user.email, password: user.password }, ip)).status).toBe(200);
  });
});

describe('Second-factor and password-reset brute-force protection', () => {
  it('limits wrong codes on /api/auth/mfa/verify per user', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ app: true, tfa_secret: secret });
    const first = await login({ email: user.email, password: user.password }, newIp());
    const token = first.body.data.access_token as string;
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const verify = (otp: string) =>
      app.request('/api/auth/mfa/verify', {
        method: 'POST',
        body: { otp },
        token,
        headers: { 'x-forwarded-for': newIp() },
      });
    for (let i = 0; i < POINTS; i++) expect((await verify(wrong)).status).toBe(401);
    expectTooMany(await verify(totpCode(secret)));
  });

  it('limits wrong codes on tfa/disable', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ app: true, tfa_secret: secret });
    const ip = newIp();
    const first = await login(
      { email: user.email, password: user.password, otp: totpCode(secret) },
      ip,
    );
    const token = first.body.data.access_token as string;
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const disable = (otp: string) =>
      app.request('/api/users/me/tfa/disable', {
        method: 'POST',
        body: { otp },
        token,
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < POINTS; i++) expect((await disable(wrong)).status).toBe(401);
    const res = await disable(totpCode(secret));
    expect(res.status).toBe(429);
    expect(res.body.errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits password reset requests per address', async () => {
    const ip = newIp();
    const request = (email: string, from: string) =>
      app.request('/api/auth/password/request', {
        method: 'POST',
        body: { email },
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < POINTS; i++) {
      expect((await request(`nobody-${i}@example.com`, ip)).status).toBe(204);
    }
    expectTooMany(await request('nobody@example.com', ip));
    expect((await request('nobody@example.com', newIp())).status).toBe(204);
  });
});
