import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicUrl } from '@/lib/core/config';
import { getDb } from '@/lib/db/client';
import { setupTestApp } from '../../helpers/app';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../../helpers/smtp';
import { createRole, createUser, uniqueEmail } from '../../helpers/users';

const app = setupTestApp();
let smtp: TestSmtpServer;
let admin: string;
let role: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  admin = await app.adminToken();
  role = (await createRole({ app: true })).role;
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(async () => {
  await smtp.enable();
});

const invite = (body: unknown, token: string | undefined = admin) =>
  app.request('/api/users/invite', { method: 'POST', token, body });
const accept = (body: unknown) => app.request('/api/users/invite/accept', { method: 'POST', body });

const linkOf = (mail: CapturedMail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
const tokenOf = (mail: CapturedMail) => linkOf(mail).searchParams.get('token')!;

async function invited(email = uniqueEmail('invite')) {
  const res = await invite({ email, role });
  expect(res.status).toBe(204);
  const mail = await smtp.waitForMail((m) => m.to.includes(email));
  return { email, mail, token: tokenOf(mail) };
}

const userRow = (email: string) =>
  getDb()
    .selectFrom('daas_users')
    .select(['id', 'status', 'role', 'password'])
    .where('email', '=', email)
    .executeTakeFirst();

describe('POST /api/users/invite', () => {
  it('creates an invited user with the role and mails a link to the accept page', async () => {
    const { email, mail } = await invited();
    expect(await userRow(email)).toMatchObject({ status: 'invited', role, password: null });
    expect(mail.headers.subject).toBe('You have been invited');
    const link = linkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl()}/en/accept-invite`);
  });

  it('invites several addresses at once, lower-cased', async () => {
    const emails = [uniqueEmail('Many').toUpperCase(), uniqueEmail('many')];
    expect((await invite({ email: emails, role })).status).toBe(204);
    for (const email of emails.map((e) => e.toLowerCase())) {
      await smtp.waitForMail((m) => m.to.includes(email));
      expect((await userRow(email))?.status).toBe('invited');
    }
  });

  it('sends the mail again to a user still invited, without a second user', async () => {
    const { email } = await invited();
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    expect((await invite({ email, role })).status).toBe(204);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(before + 1);
    const rows = await getDb()
      .selectFrom('daas_users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an address that belongs to an active user with 400', async () => {
    const user = await createUser();
    const res = await invite({ email: user.email, role });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('uses an invite_url on the PUBLIC_URL origin and refuses any other origin', async () => {
    const email = uniqueEmail('url');
    const ok = await invite({ email, role, invite_url: `${publicUrl()}/de/accept-invite?x=1` });
    expect(ok.status).toBe(204);
    const link = linkOf(await smtp.waitForMail((m) => m.to.includes(email)));
    expect(link.pathname).toBe('/de/accept-invite');
    expect(link.searchParams.get('x')).toBe('1');

    const evil = await invite({
      email: uniqueEmail('evil'),
      role,
      invite_url: 'https://attacker.example/x',
    });
    expect(evil.status).toBe(400);
  });

  it('uses an invite_url on the origin the studio is served from, not one merely claimed', async () => {
    const served = 'http://localhost';
    expect(new URL(publicUrl()).origin).not.toBe(served);
    const email = uniqueEmail('served');
    const ok = await app.request('/api/users/invite', {
      method: 'POST',
      token: admin,
      headers: { origin: served },
      body: { email, role, invite_url: `${served}/en/accept-invite` },
    });
    expect(ok.status).toBe(204);
    const link = linkOf(await smtp.waitForMail((m) => m.to.includes(email)));
    expect(`${link.origin}${link.pathname}`).toBe(`${served}/en/accept-invite`);

    const claimed = await app.request('/api/users/invite', {
      method: 'POST',
      token: admin,
      headers: { origin: 'https://attacker.example' },
      body: { email: uniqueEmail('claimed'), role, invite_url: 'https://attacker.example/x' },
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body.errors[0].message).toContain('set PUBLIC_URL=https://attacker.example');
  });

  it('answers 400 for an unknown role and for a malformed email', async () => {
    const unknownRole = await invite({
      email: uniqueEmail('norole'),
      role: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownRole.status).toBe(400);
    expect((await invite({ email: 'not-an-email', role })).status).toBe(400);
  });

  it('answers 403 to a signed-in user who is not an administrator and 401 to anonymous', async () => {
    const plain = await createUser({ app: true });
    const token = await app.login(plain.email, plain.password);
    const email = uniqueEmail('refused');
    const res = await invite({ email, role }, token);
    expect(res.status).toBe(403);
    expect(await userRow(email)).toBeUndefined();
    expect((await invite({ email, role }, '')).status).toBe(401);
  });
});

describe('POST /api/users/invite/accept', () => {
  it('sets the password and makes the user active, once', async () => {
    const { email, token } = await invited();
    const res = await accept({ token, password: 'first-password-1' });
    expect(res.status).toBe(204);
    expect((await userRow(email))?.status).toBe('active');
    expect(await app.login(email, 'first-password-1')).toBeTruthy();

    const again = await accept({ token, password: 'second-password-2' });
    expect(again.status).toBe(401);
    expect(again.body.code ?? again.body.errors?.[0]?.extensions?.code).toBe('INVALID_TOKEN');
    expect(await app.login(email, 'first-password-1')).toBeTruthy();
  });

  it('answers 400 for a password shorter than 8 characters and leaves the user invited', async () => {
    const { email, token } = await invited();
    expect((await accept({ token, password: 'short' })).status).toBe(400);
    expect((await userRow(email))?.status).toBe('invited');
  });

  it('answers 401 for a tampered token, a password-reset token and a suspended invitee', async () => {
    const { email, token } = await invited();
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}xx`;
    expect((await accept({ token: tampered, password: 'good-password-1' })).status).toBe(401);
    expect((await accept({ token: admin, password: 'good-password-1' })).status).toBe(401);

    await getDb()
      .updateTable('daas_users')
      .set({ status: 'suspended' })
      .where('email', '=', email)
      .execute();
    expect((await accept({ token, password: 'good-password-1' })).status).toBe(401);
    expect((await userRow(email))?.status).toBe('suspended');
  });
});
