import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

const SHOTS = path.join(os.tmpdir(), 'daas-e2e-screenshots');

let server: StartedServer;
let browser: Browser;
let page: Page;

async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Drops files onto an element the way a browser does: a DataTransfer in a drop event. */
async function dropFiles(
  p: Page,
  testId: string,
  files: { name: string; type: string; base64: string }[],
) {
  const transfer = await p.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  const zone = p.getByTestId(testId);
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('studio file library', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    fs.mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signing in lands on the studio's home.
    await page.waitForURL(/\/en$/);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads by drag and drop with progress, shows thumbnails, and edits a file', async () => {
    await page.goto('/en/files');
    await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor();
    await page.getByText('No files here yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const png = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    await dropFiles(page, 'file-drop-zone', [
      { name: 'banner.png', type: 'image/png', base64: png.toString('base64') },
      {
        name: 'notes.txt',
        type: 'text/plain',
        base64: Buffer.from('some notes').toString('base64'),
      },
    ]);
    await page.getByRole('progressbar', { name: 'Upload progress of banner.png' }).waitFor();
    await page.getByText('2 files uploaded').waitFor();
    const grid = page.getByRole('list', { name: 'Files' });
    await grid.getByRole('button', { name: 'Banner' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'files-grid-1280.png') });

    await page.getByRole('radio', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Files' });
    await table.getByRole('button', { name: 'Banner' }).waitFor();
    const thumb = table.locator('img').first();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await thumb.getAttribute('src')).toMatch(/^\/api\/assets\/.+width=72/);

    await table.getByRole('button', { name: 'Banner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Spring banner');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'files-details-1280.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await table.getByRole('button', { name: 'Spring banner' }).waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Campaigns');
    await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('button', { name: 'Campaigns' })
      .waitFor();
    await page.getByText('No files here yet').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'files-folder-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('picks an image from the library in an item form and shows its thumbnail in the table', async () => {
    await api('POST', '/api/collections', {
      collection: 'posts',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string', meta: { interface: 'input' } },
        { field: 'cover', type: 'uuid', meta: { interface: 'file-image', special: ['file'] } },
      ],
    });
    await api('POST', '/api/relations', {
      collection: 'posts',
      field: 'cover',
      related_collection: 'daas_files',
    });
    await page.goto('/en/content/posts/+');
    await page.getByLabel('title').fill('With a cover');
    const cover = page.getByRole('group', { name: 'cover' });
    await cover.getByRole('button', { name: 'From the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a file' });
    await picker.getByRole('button', { name: 'Spring banner' }).click();
    await cover.getByRole('img', { name: 'Preview of Spring banner' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'files-item-form-1280.png') });
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/en\/content\/posts\/\d+$/);

    await page.goto('/en/content/posts');
    const thumb = page.getByRole('table').locator('img[src*="/api/assets/"]').first();
    await thumb.waitFor();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, 'files-item-table-1280.png') });
  });
});

async function api(method: string, url: string, body: unknown): Promise<unknown> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
