import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signResetToken } from '@/lib/auth/password-reset';
import { signingKey } from '@/lib/auth/secret';
import { publicUrl } from '@/lib/core/config';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../helpers/app';
import { startSmtpServer, type TestSmtpServer, type CapturedMail } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';

const app = setupTestApp();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(async () => {
  await smtp.enable();
});

const post = (path: string, body?: unknown) => app.request(path, { method: 'POST', body });

function tokenFrom(mail: CapturedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  return new URL(link).searchParams.get('token')!;
}

async function requestReset(user: TestUser): Promise<CapturedMail> {
  const res = await post('/api/auth/password/request', { email: user.email });
  expect(res.status).toBe(204);
  return smtp.waitForMail((m) => m.to.includes(user.email));
}

const signIn = (email: string, password: string) => post('/api/auth/login', { email, password });

describe('POST /api/auth/password/request', () => {
  it('mails a reset link to the PUBLIC_URL reset page', async () => {
    const user = await createUser();
    const mail = await requestReset(user);
    expect(mail.headers.subject).toBe('Password reset request');
    expect(mail.from).toBe('daas@example.com');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl()}/en/reset-password`);
    expect(link.searchParams.get('token')!.split('.')).toHaveLength(3);
  });

  it('answers 204 for an unknown email and sends nothing', async () => {
    const res = await post('/api/auth/password/request', { email: 'nobody-reset@example.com' });
    expect(res.status).toBe(204);
    await expect(
      smtp.waitForMail((m) => m.to.includes('nobody-reset@example.com'), 500),
    ).rejects.toThrow();
  });

  it('answers 204 and sends nothing to a suspended user', async () => {
    const user = await createUser({ status: 'suspended' });
    const res = await post('/api/auth/password/request', { email: user.email });
    expect(res.status).toBe(204);
    await expect(smtp.waitForMail((m) => m.to.includes(user.email), 500)).rejects.toThrow();
  });

  it('answers 204 and sends nothing while smtp_enabled is off', async () => {
    await smtp.disable();
    const user = await createUser();
    const res = await post('/api/auth/password/request', { email: user.email });
    expect(res.status).toBe(204);
    await expect(smtp.waitForMail((m) => m.to.includes(user.email), 500)).rejects.toThrow();
  });

  it('uses a reset_url on the PUBLIC_URL origin and refuses any other origin with 400', async () => {
    const user = await createUser();
    const ok = await post('/api/auth/password/request', {
      email: user.email,
      reset_url: `${publicUrl()}/custom/reset?x=1`,
    });
    expect(ok.status).toBe(204);
    const mail = await smtp.waitForMail((m) => m.to.includes(user.email));
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/custom/reset');
    expect(link.searchParams.get('x')).toBe('1');

    const evil = await post('/api/auth/password/request', {
      email: 'nobody-at-all@example.com',
      reset_url: 'https://attacker.example/steal',
    });
    expect(evil.status).toBe(400);
    expect(evil.body.code).toBe('INVALID_PAYLOAD');
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password once: the token is refused afterwards and old sessions end', async () => {
    const user = await createUser();
    const old = (await signIn(user.email, user.password)).body.data;
    const token = tokenFrom(await requestReset(user));

    const res = await post('/api/auth/password/reset', { token, password: 'brand-new-pass-1' });
    expect(res.status).toBe(204);

    expect((await signIn(user.email, 'brand-new-pass-1')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await app.request('/api/users/me', { token: old.access_token })).status).toBe(401);

    const again = await post('/api/auth/password/reset', { token, password: 'another-pass-2' });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'Invalid token', code: 'INVALID_TOKEN' });
    expect((await signIn(user.email, 'brand-new-pass-1')).status).toBe(200);
  });

  it('answers 400 for a password shorter than 8 characters', async () => {
    const user = await createUser();
    const token = tokenFrom(await requestReset(user));
    const res = await post('/api/auth/password/reset', { token, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PAYLOAD');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('answers 401 INVALID_TOKEN for a tampered token and for an access token', async () => {
    const user = await createUser();
    const token = tokenFrom(await requestReset(user));
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await post('/api/auth/password/reset', { token: tampered, password: 'whatever-1' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('INVALID_TOKEN');

    const access = (await signIn(user.email, user.password)).body.data.access_token;
    const wrongKind = await post('/api/auth/password/reset', {
      token: access,
      password: 'whatever-1',
    });
    expect(wrongKind.status).toBe(401);
  });

  it('answers 401 INVALID_TOKEN for a reset token re-signed without an expiry', async () => {
    const user = await createUser();
    const stored = await getDb()
      .selectFrom('daas_users')
      .select(['id', 'password'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // Signed directly: one more reset request would pass the per-address limit of this file.
    const token = await signResetToken(stored);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const { exp: _exp, ...forever } = claims;
    const resigned = await new SignJWT(forever)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(signingKey());
    const res = await post('/api/auth/password/reset', { token: resigned, password: 'whatever-1' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
    // The control: the same token as issued, with its expiry, is accepted.
    const issued = await post('/api/auth/password/reset', { token, password: 'whatever-1' });
    expect(issued.status).toBe(204);
  });

  it('refuses a token once the user is suspended', async () => {
    const user = await createUser();
    const token = tokenFrom(await requestReset(user));
    await getDb()
      .updateTable('daas_users')
      .set({ status: 'suspended' })
      .where('id', '=', user.id)
      .execute();
    const res = await post('/api/auth/password/reset', { token, password: 'brand-new-pass-1' });
    expect(res.status).toBe(401);
  });
});
