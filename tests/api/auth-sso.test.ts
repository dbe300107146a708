import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const SECRET = 'sso-test-secret-0123456789abcdef';
const POINTS = 6;
process.env.SSO_SECRET = SECRET;
process.env.SSO_RATE_LIMIT_POINTS = String(POINTS);
process.env.SSO_RATE_LIMIT_DURATION = '60';
const app = setupTestApp();

/** Every test uses an address of its own so the per-address counts stay apart. */
const newIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

interface Claims {
  sub: string;
  iat?: number;
  exp?: number;
  jti?: string;
}

async function platformToken(claims: Claims, secret = SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = claims.iat ?? now;
  return new SignJWT({ jti: claims.jti ?? crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(claims.exp ?? iat + 120)
    .sign(new TextEncoder().encode(secret));
}

const redeem = (token: string, ip = newIp(), mode?: string) =>
  app.request('/api/auth/sso', {
    method: 'POST',
    body: mode ? { token, mode } : { token },
    headers: { 'x-forwarded-for': ip },
  });

describe('POST /api/auth/sso', () => {
  it('signs a user in with a valid platform token, like a login', async () => {
    const user = await createUser();
    const res = await redeem(await platformToken({ sub: user.id }));
    expect(res.status).toBe(200);
    expect(typeof res.body.data.access_token).toBe('string');
    expect(typeof res.body.data.refresh_token).toBe('string');
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it('sets the session cookie in session mode', async () => {
    const user = await createUser();
    const res = await redeem(await platformToken({ sub: user.id }), newIp(), 'session');
    expect(res.status).toBe(200);
    expect(res.body.data.refresh_token).toBeUndefined();
    expect(res.headers.get('set-cookie')).toMatch(/^daas_session=/);
  });

  it('refuses a second redemption of the same token with 401', async () => {
    const user = await createUser();
    const token = await platformToken({ sub: user.id });
    expect((await redeem(token)).status).toBe(200);
    const replay = await redeem(token);
    expect(replay.status).toBe(401);
  });

  it('lets exactly one of two parallel redemptions of one token win', async () => {
    const user = await createUser();
    const token = await platformToken({ sub: user.id });
    const results = await Promise.all([redeem(token), redeem(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses a token whose lifetime exceeds five minutes', async () => {
    const user = await createUser();
    const iat = Math.floor(Date.now() / 1000);
    const res = await redeem(await platformToken({ sub: user.id, iat, exp: iat + 301 }));
    expect(res.status).toBe(401);
  });

  it('refuses a token issued in the future', async () => {
    const user = await createUser();
    const iat = Math.floor(Date.now() / 1000) + 120;
    const res = await redeem(await platformToken({ sub: user.id, iat, exp: iat + 60 }));
    expect(res.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser();
    const iat = Math.floor(Date.now() / 1000) - 200;
    const res = await redeem(await platformToken({ sub: user.id, iat, exp: iat + 100 }));
    expect(res.status).toBe(401);
  });

  it('refuses a token without a jti', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect((await redeem(token)).status).toBe(401);
  });

  it('refuses a user with a verified second factor with 403', async () => {
    const user = await createUser({ tfa_secret: 'JBSWY3DPEHPK3PXP' });
    const res = await redeem(await platformToken({ sub: user.id }));
    expect(res.status).toBe(403);
  });

  it('refuses a suspended user with 401', async () => {
    const user = await createUser({ status: 'suspended' });
    const res = await redeem(await platformToken({ sub: user.id }));
    expect(res.status).toBe(401);
  });

  it('answers 500 with the generic message when the secrets differ', async () => {
    const user = await createUser();
    const res = await redeem(await platformToken({ sub: user.id }, 'another-secret-entirely'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/SSO_SECRET|signature/i);
  });

  it('answers 429 with Retry-After under a burst from one address', async () => {
    const user = await createUser();
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < POINTS + 2; i++) {
      statuses.push((await redeem(await platformToken({ sub: user.id }), ip)).status);
    }
    expect(statuses.slice(0, POINTS).every((s) => s === 200)).toBe(true);
    const last = await redeem(await platformToken({ sub: user.id }), ip);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
