import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createContentSchema } from '../helpers/content-schema';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, shot, signInAsAdmin } from '../helpers/studio-session';

/**
 * The API explorer shows the caller's own API: their collections with their fields, a
 * request sent with the studio's session, the generic reference one toggle away, and for
 * a restricted user only what that user may use.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-api-explorer-shots', 'e2e');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const READER = 'reader@example.com';
const READER_PASSWORD = 'reader-password-1';
const TITLE = 'Notes on the Analytical Engine';

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const api = <T>(url: string, init?: { method?: string; body?: unknown }) =>
  apiAs<T>(context, `${server.url}${url}`, init);

/** A user whose one grant is reading authors: articles are not theirs to see. */
async function createReader(): Promise<void> {
  const policy = await api<{ id: string }>('/api/policies', {
    method: 'POST',
    body: { name: 'Authors reader', app_access: true },
  });
  await api('/api/permissions', {
    method: 'POST',
    body: { policy: policy.id, collection: 'authors', action: 'read', fields: ['*'] },
  });
  const role = await api<{ id: string }>('/api/roles', {
    method: 'POST',
    body: { name: 'Reader' },
  });
  await api('/api/access', { method: 'POST', body: { role: role.id, policy: policy.id } });
  await api('/api/users', {
    method: 'POST',
    body: { email: READER, password: READER_PASSWORD, role: role.id, first_name: 'Rea' },
  });
}

const sidebar = (p: Page) => p.getByRole('navigation', { name: 'Sidebar for DaaS API' });

/** Opens the explorer and waits until the document is rendered. */
async function openExplorer(p: Page, query = ''): Promise<void> {
  await p.goto(`/en/api-explorer${query}`);
  await sidebar(p).waitFor();
}

describe('the API explorer', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    await signInAsAdmin(page);
    await createContentSchema((method, url, body) => api(url, { method, body }));
    const author = await api<{ id: number }>('/api/items/authors', {
      method: 'POST',
      body: { name: 'Ada Lovelace' },
    });
    await api('/api/items/articles', {
      method: 'POST',
      body: { title: TITLE, status: 'published', author: author.id },
    });
    await createReader();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the administrator's collection articles with its fields", async () => {
    await openExplorer(page);
    const nav = sidebar(page);
    await nav.getByRole('button', { name: 'articles Open Group' }).click();
    await nav.getByRole('button', { name: 'List articles HTTP Method: GET' }).click();
    const section = page.getByRole('region', { name: 'List articles' }).first();
    await section.waitFor();
    // The query parameters name the collection's real fields.
    await section
      .getByText(/Available: id, title, slug, status/)
      .first()
      .waitFor();
    await shot(page, SHOTS, 'explorer-admin-1280', { fullPage: false });
    // The collections are grouped apart from the system endpoints, whose groups stay shut.
    await nav.getByText('Items', { exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: 'Collections Close Group' }).count()).toBe(0);
    // Far down the document the reference's own navigation is still on screen.
    await page.mouse.wheel(0, 6000);
    await page.waitForTimeout(300);
    const search = (await nav.getByRole('search').boundingBox())!;
    expect(search.y).toBeGreaterThanOrEqual(56);
    expect(search.y + search.height).toBeLessThanOrEqual(DESKTOP.height);
  });

  it('sends a request with the session and shows the answer', async () => {
    await page
      .getByRole('region', { name: 'List articles' })
      .first()
      .getByRole('button', { name: /Test Request/ })
      .click();
    const client = page.getByRole('dialog', { name: 'API Client' });
    await client
      .getByRole('button', { name: /^Send get request to .*\/api\/items\/articles$/ })
      .click();
    const response = client.getByRole('region', { name: 'Response' });
    await response.getByRole('link', { name: '200 OK' }).waitFor();
    await response.getByText(`"${TITLE}"`).first().waitFor();
    await shot(page, SHOTS, 'explorer-try-it-1280', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('switches to the generic reference and back', async () => {
    await openExplorer(page);
    const toggle = page.getByRole('radiogroup', { name: 'Document' });
    const top = async () => (await page.locator('.api-explorer').first().boundingBox())!.y;
    const before = await top();
    await toggle.getByRole('radio', { name: 'Full reference' }).click();
    await page.waitForURL(/\/en\/api-explorer\?document=generic$/);
    const nav = sidebar(page);
    // The generic document has no group per collection, only the placeholder routes.
    await nav.getByRole('button', { name: /^Items Open Group$/ }).waitFor();
    await shot(page, SHOTS, 'explorer-generic-1280', { fullPage: false });
    // Switching keeps the reference where it was.
    expect(await top()).toBe(before);
    expect(await nav.getByRole('button', { name: 'articles Open Group' }).count()).toBe(0);
    await toggle.getByRole('radio', { name: 'My API' }).click();
    await page.waitForURL(/\/en\/api-explorer$/);
    await sidebar(page).getByRole('button', { name: 'articles Open Group' }).waitFor();
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const p = await phone.newPage();
    try {
      await p.goto('/en/api-explorer');
      await p.getByRole('radiogroup', { name: 'Document' }).waitFor();
      await p.locator('.references-rendered').waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(p, SHOTS, 'explorer-admin-390', { fullPage: false });
    } finally {
      await phone.close();
    }
  });

  it("does not show a restricted user a collection they can't read", async () => {
    const other = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    const p = await other.newPage();
    try {
      await p.goto('/en/login');
      await p.getByLabel('Email').fill(READER);
      await p.getByLabel('Password').fill(READER_PASSWORD);
      await p.getByRole('button', { name: 'Sign in' }).click();
      // Signing in lands on the studio's home.
      await p.waitForURL(/\/en$/);
      await openExplorer(p);
      const nav = sidebar(p);
      await nav.getByRole('button', { name: 'authors Open Group' }).waitFor();
      expect(await nav.getByRole('button', { name: 'articles Open Group' }).count()).toBe(0);
      expect(await p.getByText('List articles').count()).toBe(0);
      await shot(p, SHOTS, 'explorer-reader-1280', { fullPage: false });
      await p.setViewportSize(PHONE);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(p, SHOTS, 'explorer-reader-390', { fullPage: false });
    } finally {
      await other.close();
    }
  });
});
