import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCode } from '@/lib/auth/totp';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

const post = (path: string, body: unknown, token?: string) =>
  app.request(path, { method: 'POST', body, token });
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

async function signIn(user: { email: string; password: string }, otp?: string) {
  return post('/api/auth/login', { email: user.email, password: user.password, otp });
}

describe('a TOTP code proves the second factor once (RFC 6238, 5.2)', () => {
  it('refuses a code that already signed the user in, and takes the next one', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ app: true, tfa_secret: secret });
    const code = totpCode(secret);
    expect((await signIn(user, code)).status).toBe(200);
    const replay = await signIn(user, code);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_OTP');
    expect((await signIn(user, nextCode(secret))).status).toBe(200);
  });

  it('refuses to raise a session with the code that signed another one in', async () => {
    const secret = generateTotpSecret();
    const user = await createUser({ app: true, tfa_secret: secret });
    const code = totpCode(secret);
    expect((await signIn(user, code)).status).toBe(200);
    const levelOne = (await signIn(user)).body.data.access_token as string;
    const replay = await post('/api/auth/mfa/verify', { otp: code }, levelOne);
    expect(replay.status).toBe(401);
    const fresh = await post('/api/auth/mfa/verify', { otp: nextCode(secret) }, levelOne);
    expect(fresh.status).toBe(200);
  });

  it('lets the first code of an enrolment also finish signing in, once', async () => {
    const user = await createUser({ app: true });
    const token = (await signIn(user)).body.data.access_token as string;
    const generated = await post('/api/users/me/tfa/generate', { password: user.password }, token);
    const secret = generated.body.data.secret as string;
    const code = totpCode(secret);
    expect((await post('/api/users/me/tfa/enable', { secret, otp: code }, token)).status).toBe(204);
    expect((await post('/api/auth/mfa/verify', { otp: code }, token)).status).toBe(200);
    expect((await signIn(user, code)).status).toBe(401);
  });
});
