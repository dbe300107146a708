import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

/**
 * A field error the server finds (a unique value already taken) lands on its field in the
 * item form: the studio reads the field from the answer's data, not from its words.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-field-errors-shots');

let server: StartedServer;
let browser: Browser;
let token: string;

async function api(method: string, url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
  const page = await context.newPage();
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in lands on the studio's home.
  await page.waitForURL(/\/en$/);
  return page;
}

describe('server field errors in the studio', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    await api('POST', '/api/collections', {
      collection: 'gadgets',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'name', type: 'string', meta: { interface: 'input', sort: 1 } },
        {
          field: 'code',
          type: 'string',
          schema: { is_unique: true },
          meta: { interface: 'input', sort: 2 },
        },
      ],
    });
    await api('POST', '/api/items/gadgets', { name: 'First', code: 'taken' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    it(`places a unique-value error on its field (${width}px)`, async () => {
      const page = await signIn(width, height);
      await page.goto('/en/content/gadgets/+');
      await page.getByLabel('name').fill('Second');
      await page.getByLabel('code').fill('taken');
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      const code = page.getByLabel('code');
      await expect.poll(() => code.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
      const errorId = (await code.getAttribute('aria-describedby'))?.split(' ').pop();
      expect(errorId).toBeTruthy();
      // The studio's own words for the problem type the server names (`unique`).
      await expect(page.locator(`[id="${errorId}"]`).textContent()).resolves.toBe(
        'This value is already taken.',
      );
      await expect(page.getByLabel('name').getAttribute('aria-invalid')).resolves.toBeNull();
      await page.getByText('Some fields need attention before saving.').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `unique-${width}.png`), fullPage: true });

      // Changing the field clears its error; a free value saves.
      await code.fill('free');
      await expect(code.getAttribute('aria-invalid')).resolves.toBeNull();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/en\/content\/gadgets\/\d+$/);
      await page.context().close();
      await api(
        'DELETE',
        `/api/items/gadgets?filter=${encodeURIComponent('{"code":{"_eq":"free"}}')}`,
      );
    });
  }
});
