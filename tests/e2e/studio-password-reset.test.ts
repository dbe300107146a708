import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp-server';

const NEW_PASSWORD = 'a-brand-new-password-7';

let server: StartedServer;
let smtp: TestSmtpServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of the body. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitForMail(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function fillNewPassword(password: string, confirm: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(confirm);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

function formAlert() {
  return page.locator('form [role="alert"]');
}

describe('studio password reset', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('explains that a reset link without a token is incomplete', async () => {
    await page.goto('/en/reset-password');
    await page.getByRole('alert').filter({ hasText: 'This reset link is incomplete' }).waitFor();
    expect(await page.getByRole('button', { name: 'Set new password' }).count()).toBe(0);
  });

  it('refuses two different passwords before asking the API', async () => {
    await page.goto('/en/reset-password?token=anything');
    await fillNewPassword('first-password-1', 'second-password-2');
    await formAlert().waitFor();
    expect(await formAlert().textContent()).toContain('The two passwords do not match.');
  });

  it('shows the translated error for a token the API refuses', async () => {
    await page.goto('/en/reset-password?token=not-a-real-token');
    await fillNewPassword(NEW_PASSWORD, NEW_PASSWORD);
    await formAlert().waitFor();
    expect(await formAlert().textContent()).toContain('This link or token is not valid.');
  });

  it('mails a link from the forgot-password page that sets a password to sign in with', async () => {
    const settings = await fetch(`${server.url}/api/settings`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await adminToken()}`,
      },
      body: JSON.stringify({
        smtp_enabled: true,
        smtp_host: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_secure: false,
        smtp_ignore_tls: true,
        smtp_from_email: 'studio@example.com',
      }),
    });
    expect(settings.status).toBe(200);

    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/en\/forgot-password$/);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: ADMIN_EMAIL }).waitFor();

    const mail = decodeQuotedPrintable((await waitForMail(ADMIN_EMAIL)).raw);
    const link = mail.match(/https?:\/\/\S+\/en\/reset-password\?token=[\w.-]+/)?.[0];
    expect(link).toBeDefined();

    await page.goto(link!);
    await fillNewPassword(NEW_PASSWORD, NEW_PASSWORD);
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    await page.getByRole('link', { name: 'Back to sign in' }).first().click();
    await page.waitForURL(/\/en\/login$/);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/en$/);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();

    const oldPassword = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(oldPassword.status).toBe(401);
  });
});
