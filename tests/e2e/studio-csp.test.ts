import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createContentSchema } from '../helpers/content-schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';
import { shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-csp-shots');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// A loaded machine takes a minute or more to start the embedded database and Next.
const SLOW_START = 180_000;

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
/** Everything the browser refused or failed on, cleared before each page. */
let problems: string[] = [];

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

async function uploadPng(): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  const res = await fetch(`${server.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

/** Opens a studio page, waits until it rendered and settled, and returns what went wrong. */
async function visit(url: string, rendered: (page: Page) => Promise<void>): Promise<string[]> {
  problems = [];
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const csp = res?.headers()['content-security-policy'];
  expect(csp).toContain("'strict-dynamic'");
  // Only the API explorer's renderer compiles code at run time.
  if (url.endsWith('/api-explorer')) expect(csp).toContain("'unsafe-eval'");
  else expect(csp).not.toContain("'unsafe-eval'");
  await rendered(page);
  await page.waitForLoadState('networkidle');
  // A report is dispatched as a task after the refusal: give the last one time to arrive.
  await page.waitForTimeout(250);
  expect(await page.getByText('Application error').count()).toBe(0);
  return problems;
}

const heading = (name: string | RegExp) => (p: Page) =>
  p.getByRole('heading', { name, level: 1 }).first().waitFor();

describe('the studio under its Content-Security-Policy', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ timeoutMs: SLOW_START }),
      launchChromium(),
    ]);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    await createContentSchema((method, url, body) => api(method, url, body));
    await api('POST', '/api/items/authors', { name: 'Ada Lovelace' });
    await api('POST', '/api/items/articles', {
      title: 'Under policy',
      status: 'published',
      author: 1,
      extra: { nested: [1, 2] },
    });
    await uploadPng();

    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    await context.exposeBinding('reportCspViolation', (_source, text: string) => {
      problems.push(`violation: ${text}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { reportCspViolation(text: string): void })
          .reportCspViolation;
        report(
          `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) {
        problems.push(`console: ${msg.text()}`);
      }
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await signInAsAdmin(page);
  }, SLOW_START + 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in without a violation', async () => {
    await context.clearCookies();
    problems = [];
    await signInAsAdmin(page);
    expect(problems).toEqual([]);
  });

  const pages: [string, string, (p: Page) => Promise<void>][] = [
    ['home', '/en', heading(/./)],
    ['collections', '/en/collections', heading(/./)],
    [
      "a collection's fields",
      '/en/collections/articles',
      (p) => p.getByText('keywords').first().waitFor(),
    ],
    ['the data model diagram', '/en/collections/diagram', heading(/./)],
    ['content', '/en/content', heading(/./)],
    ['a content list', '/en/content/articles', (p) => p.getByText('Under policy').waitFor()],
    [
      'an item with its code editor',
      '/en/content/articles/1',
      (p) => p.locator('.cm-editor').first().waitFor(),
    ],
    [
      'files with a thumbnail from /api/assets',
      '/en/files',
      async (p) => {
        const img = p.locator('img[src*="/api/assets/"]').first();
        await img.waitFor();
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
      },
    ],
    ['access', '/en/access', heading(/./)],
    ['users', '/en/access/users', (p) => p.getByText(ADMIN_EMAIL).first().waitFor()],
    ['roles', '/en/access/roles', heading(/./)],
    ['policies', '/en/access/policies', heading(/./)],
    ['scopes', '/en/access/scopes', heading(/./)],
    ['settings: general', '/en/settings/general', heading(/./)],
    ['settings: email', '/en/settings/email', heading(/./)],
    ['settings: cors', '/en/settings/cors', heading(/./)],
    ['settings: security', '/en/settings/security', heading(/./)],
    ['settings: mcp', '/en/settings/mcp', heading(/./)],
    ['activity', '/en/activity', heading(/./)],
    ['logs', '/en/logs', heading(/./)],
    ['workflows', '/en/workflows', heading(/./)],
    ['extensions', '/en/extensions', heading(/./)],
    [
      'the extension code editor',
      '/en/extensions/new',
      (p) => p.getByRole('textbox', { name: 'Source' }).waitFor(),
    ],
    ['cron jobs', '/en/cron', heading(/./)],
    ['services', '/en/services', heading(/./)],
    ['profile', '/en/profile', heading(/./)],
    [
      'the API explorer',
      '/en/api-explorer',
      // The renderer is large: on a loaded machine it takes longer than the default wait.
      (p) => p.getByRole('heading', { name: 'DaaS API' }).waitFor({ timeout: 90_000 }),
    ],
  ];

  for (const [name, url, rendered] of pages) {
    it(`renders ${name} with no violation`, async () => {
      expect(await visit(url, rendered)).toEqual([]);
    }, 180_000);
  }

  it('enters and leaves the API explorer through the navigation by loading the document', async () => {
    await page.goto('/en/content');
    problems = [];
    const nav = page.getByRole('navigation', { name: 'Studio navigation' });
    const explorer = page.waitForResponse((r) => r.url().endsWith('/en/api-explorer'));
    await nav.getByRole('link', { name: 'API explorer' }).click();
    expect((await explorer).headers()['content-security-policy']).toContain("'unsafe-eval'");
    await page.getByRole('heading', { name: 'DaaS API' }).waitFor({ timeout: 90_000 });
    const content = page.waitForResponse((r) => r.url().endsWith('/en/content'));
    await nav.getByRole('link', { name: 'Content' }).click();
    expect((await content).headers()['content-security-policy']).not.toContain('unsafe-eval');
    await page.waitForURL(/\/en\/content$/);
    expect(problems).toEqual([]);
  }, 180_000);

  it('still renders at both widths', async () => {
    for (const [name, url] of [
      ['item', '/en/content/articles/1'],
      ['api-explorer', '/en/api-explorer'],
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await shot(page, SHOTS, `${name}-1280`, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, SHOTS, `${name}-390`, { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
