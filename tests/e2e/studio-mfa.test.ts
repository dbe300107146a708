import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

const SCREENSHOT_DIR = path.join(os.tmpdir(), 'daas-e2e-screenshots');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The administrator's TOTP secret once enrolled. */
let secret: string | undefined;

/** The current code, or the next time step's (accepted too, and later than any used yet). */
function code(step: 0 | 1 = 0): string {
  const epoch = Math.floor(Date.now() / 1000) + step * 30;
  return generateSync({ secret: secret!, epoch, period: 30 });
}

async function signIn(): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Enrols through the API, for a test that runs without the enrolment test before it. */
async function enrolByApi(): Promise<void> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return res.status === 204 ? null : ((await res.json()) as { data: Record<string, string> });
  };
  const login = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const token = login!.data.access_token;
  const generated = await post('/api/users/me/tfa/generate', { password: ADMIN_PASSWORD }, token);
  secret = generated!.data.secret;
  await post('/api/users/me/tfa/enable', { secret, otp: code() }, token);
}

async function sessionStatus(path: string): Promise<number> {
  const session = (await context.cookies()).find((c) => c.name === 'daas_session');
  const res = await fetch(server.url + path, {
    headers: { cookie: `daas_session=${session?.value ?? ''}` },
  });
  return res.status;
}

describe('studio sign-in with a second factor (MFA required for everyone)', () => {
  beforeAll(async () => {
    server = await startServer({ env: { MFA_FORCE_ENABLED: 'true' } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('has a user without a factor enrol one, then lets them in with its first code', async () => {
    await signIn();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    secret = (await page.getByTestId('tfa-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-mfa-enrol.png') });

    await page.getByLabel('Authentication code').fill(code());
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await page.waitForURL(/\/en$/);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    // The session reached level 2: endpoints beyond sign-in answer.
    expect(await sessionStatus('/api/settings')).toBe(200);
  });

  it('asks an enrolled user for a code, refuses a wrong one, accepts the right one', async () => {
    if (!secret) await enrolByApi();
    await signIn();
    const field = page.getByLabel('Authentication code');
    await field.waitFor();
    // Signed in at level 1 only: everything but sign-in and the profile is refused.
    expect(await sessionStatus('/api/settings')).toBe(403);

    await field.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    const alert = page.locator('form [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The code is not valid.');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-mfa-code.png') });

    // The enrolment's code is spent (a code signs in once): the next one.
    await field.fill(code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/en$/);
    expect(await sessionStatus('/api/settings')).toBe(200);
  });

  it('goes back to email and password, ending the half-open session', async () => {
    if (!secret) await enrolByApi();
    await signIn();
    await page.getByLabel('Authentication code').waitFor();
    expect(await sessionStatus('/api/users/me')).toBe(200);

    await page.getByRole('button', { name: 'Use a different account' }).click();
    await page.getByLabel('Password').waitFor();
    expect(await sessionStatus('/api/users/me')).toBe(401);
  });

  it('sends a half-signed-in session from a studio page back to sign in, ending it', async () => {
    if (!secret) await enrolByApi();
    await signIn();
    await page.getByLabel('Authentication code').waitFor();
    await page.goto('/en/content');
    await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fcontent&reason=mfa/);
    const notice = page.locator('form [role="status"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('did not finish with the code');
    expect(await sessionStatus('/api/users/me')).toBe(401);
  });
});
