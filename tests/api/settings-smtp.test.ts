import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import { createTokenUser, type TokenUser } from '../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let open: TestSmtpServer;
let guarded: TestSmtpServer;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  open = await startSmtpServer();
  guarded = await startSmtpServer({ auth: { user: 'mailer', pass: 'right-password' } });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

async function configure(settings: Record<string, unknown>): Promise<void> {
  const res = await app.request('/api/settings', {
    method: 'PATCH',
    token: admin.token,
    body: {
      smtp_host: '127.0.0.1',
      smtp_secure: false,
      smtp_user: null,
      smtp_password: null,
      smtp_from_email: 'daas@example.com',
      ...settings,
    },
  });
  expect(res.status).toBe(200);
}

const smtpTest = (body?: unknown, token: string | null = admin.token) =>
  app.request('/api/settings/smtp/test', { method: 'POST', token: token ?? undefined, body });

describe('POST /api/settings/smtp/test', () => {
  it('answers success when the SMTP server accepts the connection', async () => {
    await configure({ smtp_port: open.port });
    const res = await smtpTest();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
  });

  it('sends a test message when a recipient is given', async () => {
    await configure({ smtp_port: open.port, smtp_from_name: 'DaaS Tests' });
    const before = open.received.length;
    const res = await smtpTest({ to: 'someone@example.com' });
    expect(res.status).toBe(200);
    expect(open.received.length).toBe(before + 1);
    const mail = open.received.at(-1)!;
    expect(mail.from).toBe('daas@example.com');
    expect(mail.to).toEqual(['someone@example.com']);
    expect(mail.raw).toMatch(/Subject: .*SMTP test/);
  });

  it('signs in with the stored user name and password', async () => {
    await configure({
      smtp_port: guarded.port,
      smtp_user: 'mailer',
      smtp_password: 'right-password',
    });
    const res = await smtpTest();
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);
  });

  it('answers 400 SMTP_TEST_FAILED when the server refuses the password', async () => {
    await configure({
      smtp_port: guarded.port,
      smtp_user: 'mailer',
      smtp_password: 'wrong-password',
    });
    const res = await smtpTest();
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('SMTP_TEST_FAILED');
    expect(res.body.errors[0].message).toMatch(/user name or password/);
    expect(res.text).not.toContain('wrong-password');
  });

  it('answers 400 SMTP_TEST_FAILED when nothing listens on the configured port', async () => {
    const port = await closedPort();
    await configure({ smtp_port: port });
    const res = await smtpTest();
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('SMTP_TEST_FAILED');
    expect(res.body.errors[0].message).toContain(`could not connect to 127.0.0.1:${port}`);
    expect(res.text).not.toMatch(/\bat .+\.(js|ts):\d+/);
  });

  it('answers 400 SMTP_TEST_FAILED when no SMTP host is configured', async () => {
    await configure({ smtp_host: null, smtp_port: open.port });
    const res = await smtpTest();
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('SMTP_TEST_FAILED');
    expect(res.body.errors[0].message).toMatch(/no SMTP host/);
  });

  it('answers 400 for a malformed recipient or an unknown field', async () => {
    await configure({ smtp_port: open.port });
    const bad = await smtpTest({ to: 'nobody' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('"to"');
    const unknown = await smtpTest({ to: 'a@example.com', cc: 'b@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toContain('"cc"');
  });

  it('answers 403 to a non-admin and 401 without credentials', async () => {
    const member = await createTokenUser();
    const forbidden = await smtpTest(undefined, member.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await smtpTest(undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
