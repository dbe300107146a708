import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

process.env.SECRET ??= 'unit-test-secret-0123456789abcdef0123456789abcdef';

let tokens: typeof import('@/lib/auth/tokens');
let errors: typeof import('@/lib/core/errors');

beforeAll(async () => {
  tokens = await import('@/lib/auth/tokens');
  errors = await import('@/lib/core/errors');
});

afterEach(() => {
  vi.useRealTimers();
});

const claims = { id: 'user-1', session: 'session-1', aal: 2 as const };

describe('access token verification', () => {
  it('answers the same claims for a token it has verified before', async () => {
    const token = await tokens.signAccessToken(claims, 60_000);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
  });

  it('refuses a token altered after the original was verified', async () => {
    const token = await tokens.signAccessToken(claims, 60_000);
    await tokens.verifyAccessToken(token);
    const [head, body, signature] = token.split('.');
    const other = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...other, sub: 'admin' })).toString('base64url')}.${signature}`;
    await expect(tokens.verifyAccessToken(forged)).rejects.toBeInstanceOf(errors.InvalidTokenError);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    await expect(tokens.verifyAccessToken(`${head}.${body}.${flipped}`)).rejects.toBeInstanceOf(
      errors.InvalidTokenError,
    );
  });

  it('refuses a verified token as expired once its expiry passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const token = await tokens.signAccessToken(claims, 5_000);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-01-01T00:00:06Z'));
    await expect(tokens.verifyAccessToken(token)).rejects.toBeInstanceOf(errors.TokenExpiredError);
    // Still refused the next time: the entry is gone, and the token is checked afresh.
    await expect(tokens.verifyAccessToken(token)).rejects.toBeInstanceOf(errors.TokenExpiredError);
  });

  it('refuses a token signed with another key, or for another issuer', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({ session: 's', aal: 2 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('daas')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('another-key-0123456789abcdef0123456789'));
    await expect(tokens.verifyAccessToken(foreign)).rejects.toBeInstanceOf(
      errors.InvalidTokenError,
    );
  });
});
