import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signingKey } from '@/lib/auth/secret';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signedIn() {
  const user = await createUser();
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  const token: string = res.body.data.access_token;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return { user, token, header, payload, signature, claims };
}

async function meWith(token: string) {
  return app.request('/api/users/me', { token });
}

describe('access tokens', () => {
  it('carry the user id, the session and the assurance level, and nothing secret', async () => {
    const { user, claims } = await signedIn();
    expect(claims).toMatchObject({ sub: user.id, aal: 2, iss: 'daas' });
    expect(typeof claims.session).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it('are refused with 401 when the payload is altered', async () => {
    const { header, signature, claims } = await signedIn();
    const other = await createUser();
    const forged = `${header}.${b64({ ...claims, sub: other.id })}.${signature}`;
    const res = await meWith(forged);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_TOKEN');
  });

  it('are refused with 401 when the signature is altered', async () => {
    const { header, payload, signature } = await signedIn();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await meWith(`${header}.${payload}.${flipped}`)).status).toBe(401);
  });

  it('are refused with 401 when unsigned (alg none)', async () => {
    const { payload } = await signedIn();
    const res = await meWith(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_TOKEN');
  });

  it('are refused with 401 TOKEN_EXPIRED once expired', async () => {
    const { user, claims } = await signedIn();
    const expired = await new SignJWT({ session: claims.session, aal: 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('daas')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(signingKey());
    const res = await meWith(expired);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('TOKEN_EXPIRED');
  });

  it('look their user up once for a burst of requests, and not once a suspension is saved', async () => {
    const { user, token } = await signedIn();
    const { observeQueries } = await import('@/lib/db/client');
    const lookups: string[] = [];
    const stop = observeQueries((text) => {
      if (/select "id", "role", "status", "tfa_secret" from "daas_users"/.test(text)) {
        lookups.push(text);
      }
    });
    try {
      expect((await meWith(token)).status).toBe(200);
      const first = lookups.length;
      expect((await meWith(token)).status).toBe(200);
      expect((await meWith(token)).status).toBe(200);
      expect(lookups.length).toBe(first);
    } finally {
      stop();
    }
    const admin = await app.adminToken();
    const suspended = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    expect((await meWith(token)).status).toBe(401);
  });

  it('signed with another key are refused with 401', async () => {
    const { user, claims } = await signedIn();
    const foreign = await new SignJWT({ session: claims.session, aal: 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('daas')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough'));
    expect((await meWith(foreign)).status).toBe(401);
  });

  it('answer 401 in the simple body on auth endpoints', async () => {
    const { header, payload } = await signedIn();
    const res = await app.request('/api/auth/refresh', {
      method: 'POST',
      body: { refresh_token: `${header}.${payload}.x` },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' });
  });

  describe('re-signed with the key but missing an expected claim', () => {
    async function resigned(drop: string, extra: Record<string, unknown> = {}) {
      const { claims } = await signedIn();
      const rest = Object.fromEntries(Object.entries(claims).filter(([k]) => k !== drop));
      return new SignJWT({ ...rest, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(signingKey());
    }

    it.each(['exp', 'iat', 'sub', 'iss', 'session', 'aal'])(
      'are refused with 401 INVALID_TOKEN without "%s"',
      async (claim) => {
        const res = await meWith(await resigned(claim));
        expect(res.status).toBe(401);
        expect(res.body.errors[0].extensions.code).toBe('INVALID_TOKEN');
      },
    );

    it('are accepted with every claim (the control)', async () => {
      expect((await meWith(await resigned('none'))).status).toBe(200);
    });

    it('are refused with 401 when the assurance level is not 1 or 2', async () => {
      expect((await meWith(await resigned('none', { aal: 3 }))).status).toBe(401);
    });

    it('are refused with 401 when they carry an audience (another kind of token)', async () => {
      const res = await meWith(await resigned('none', { aud: 'password-reset' }));
      expect(res.status).toBe(401);
    });
  });
});
