import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startIdentityProvider, type IdentityProvider } from '../helpers/identity-provider';
import { ADMIN_EMAIL, freePort, startServer, type StartedServer } from '../helpers/server';

const SCREENSHOT_DIR = path.join(os.tmpdir(), 'daas-e2e-screenshots');

let idp: IdentityProvider;
let server: StartedServer;
let browser: Browser;

describe('studio sign-in through an identity provider', () => {
  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    idp = await startIdentityProvider([
      {
        client_id: 'daas-studio',
        client_secret: 'studio-secret',
        redirect_uris: [`${base}/api/auth/login/corp/callback`],
      },
    ]);
    // The administrator's own address, verified by the provider: the account is linked.
    idp.accounts.set('ada', { sub: 'ada', email: ADMIN_EMAIL, email_verified: true });
    server = await startServer({
      port,
      timeoutMs: 180_000,
      env: {
        AUTH_PROVIDERS: 'corp',
        AUTH_CORP_DRIVER: 'openid',
        AUTH_CORP_CLIENT_ID: 'daas-studio',
        AUTH_CORP_CLIENT_SECRET: 'studio-secret',
        AUTH_CORP_ISSUER_URL: idp.issuer,
        AUTH_CORP_LABEL: 'Corporate login',
      },
    });
    browser = await launchChromium();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
  });

  it('signs in on the provider’s own login page and lands in the studio', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/en/login');
    const button = page.getByRole('link', { name: 'Continue with Corporate login' });
    await button.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'oidc-login-1280.png') });
    await button.click();

    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();

    await page.waitForURL(/\/en$/);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === 'daas_session' && c.httpOnly)).toBe(true);
    expect(cookies.filter((c) => c.name === 'daas_auth_flow')).toEqual([]);
    await context.close();
  });

  it('shows the provider button on a phone-sized screen', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/de/login');
    await page.getByRole('link', { name: 'Weiter mit Corporate login' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'oidc-login-390.png') });
    await context.close();
  });
});
