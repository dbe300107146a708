import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

const SCREENSHOT_DIR = path.join(os.tmpdir(), 'daas-e2e-screenshots');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signIn(password: string): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The login form's own alert (Next also renders a route announcer with role=alert). */
function formAlert() {
  return page.locator('form [role="alert"]');
}

describe('studio sign-in', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    // A new context per test: no cookies or cache carried from one test to the next.
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('redirects an unprefixed URL to the English login page', async () => {
    await page.goto('/');
    await page.waitForURL(/\/en\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('leaves /api paths unprefixed', async () => {
    const res = await fetch(`${server.url}/api/server/ping`, { redirect: 'manual' });
    expect(res.status).toBe(200);
  });

  it('shows the translated error for a wrong password and stays on the login page', async () => {
    await page.goto('/en/login');
    await signIn('not-the-password');
    await formAlert().waitFor();
    expect(await formAlert().textContent()).toContain('Wrong email or password.');
    expect(page.url()).toMatch(/\/en\/login/);
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
  });

  it('signs the administrator in and shows the navigation and their email', async () => {
    await page.goto('/en/login');
    await signIn(ADMIN_PASSWORD);
    await page.waitForURL(/\/en$/);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Studio navigation' });
    // Administrator modules join the navigation once the caller's permissions are known.
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    for (const label of ['Collections', 'Content', 'Access', 'Settings', 'API explorer']) {
      expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('banner').getByText(ADMIN_EMAIL).isVisible()).toBe(true);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'studio-home.png'),
      fullPage: true,
    });

    await nav.getByRole('link', { name: 'Access' }).click();
    await page.waitForURL(/\/en\/access$/);
    await page.getByRole('heading', { level: 1, name: 'Access' }).waitFor();
  });

  it('returns to the requested page after signing in', async () => {
    await page.goto('/en/settings');
    await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fsettings/);
    await signIn(ADMIN_PASSWORD);
    await page.waitForURL(/\/en\/settings$/);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  });

  it('signs out from the user menu, back to the login page, and the session is gone', async () => {
    await page.goto('/en/login');
    await signIn(ADMIN_PASSWORD);
    await page.waitForURL(/\/en$/);

    const session = (await context.cookies()).find((c) => c.name === 'daas_session');
    expect(session?.httpOnly).toBe(true);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/en\/login$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // The old cookie, replayed by hand, must be refused: the session ended on the server too.
    const replay = await fetch(`${server.url}/api/users/me`, {
      headers: { cookie: `daas_session=${session!.value}` },
    });
    expect(replay.status).toBe(401);
    await page.goto('/en/content');
    await page.waitForURL(/\/en\/login\?redirect=/);
  });

  it('shows the login page in German under /de', async () => {
    await page.goto('/de/login');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getByLabel('E-Mail-Adresse').isVisible()).toBe(true);
    expect(await page.getByLabel('Passwort').isVisible()).toBe(true);
    await page.getByLabel('E-Mail-Adresse').fill(ADMIN_EMAIL);
    await page.getByLabel('Passwort').fill('falsch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await formAlert().waitFor();
    expect(await formAlert().textContent()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
  });
});
