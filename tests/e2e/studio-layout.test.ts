import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, sessionHeaders, shot, signInAsAdmin } from '../helpers/studio-session';

/**
 * The studio at the sizes people use it: large activity counts on the charts, readable
 * action names, no sideways scrolling on a phone, and long dialogs whose submit button
 * stays in view.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-layout-shots', 'e2e');
const BULK = `bulk_${Date.now().toString(36)}`;
// Past 30,000 actions in one day: the counts the chart's axis must show whole.
const ROWS = 31_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const api = <T>(url: string, init?: { method?: string; body?: unknown }) =>
  apiAs<T>(context, `${server.url}${url}`, init);

async function post<T>(url: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Imports ROWS items in one request: one `create` activity row each, all today. */
async function importRows(): Promise<void> {
  const csv = ['title', ...Array.from({ length: ROWS }, (_, i) => `row ${i}`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
  const { cookie } = await sessionHeaders(context);
  const res = await fetch(`${server.url}/api/utils/import/${BULK}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 204) throw new Error(`import: ${res.status} ${await res.text()}`);
}

/** A second user who turns on two-factor sign-in: a `tfa.enable` row in the activity. */
async function enableTfaForAnotherUser(): Promise<void> {
  const email = `tfa-${BULK}@example.com`;
  const password = 'tfa-user-password-1';
  await api('/api/users', { method: 'POST', body: { email, password, first_name: 'Grace' } });
  const login = await post<{ data: { access_token: string } }>(
    '/api/auth/login',
    { email, password },
    '',
  );
  const token = login.data.access_token;
  const generated = await post<{ data: { secret: string } }>(
    '/api/users/me/tfa/generate',
    { password },
    token,
  );
  const secret = generated.data.secret;
  await post('/api/users/me/tfa/enable', { secret, otp: generateSync({ secret }) }, token);
}

/** The page scrolls sideways when the document is wider than the viewport. */
const pageWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

/** The y-axis tick labels of a chart, with how far each starts left of the chart itself. */
async function yTicks(p: Page, figure: string) {
  return p.locator(figure).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [
      ...el.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ].map((tick) => ({
      text: tick.textContent ?? '',
      cut: box.left - tick.getBoundingClientRect().left,
    }));
  });
}

describe('studio layout at real sizes and counts', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    await signInAsAdmin(page);
    await api('/api/collections', {
      method: 'POST',
      body: {
        collection: BULK,
        schema: {},
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
          },
          { field: 'title', type: 'string' },
        ],
      },
    });
    await importRows();
    await enableTfaForAnotherUser();
    // A custom event nobody wrote a translation for.
    await api('/api/activity/event', {
      method: 'POST',
      body: { action: 'report.exported', collection: BULK, item: '1' },
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows large daily counts compactly and whole on the activity chart', async () => {
    await page.goto('/en/activity');
    const figure = 'figure[aria-label^="Bar chart"]';
    await page.locator(`${figure} .recharts-yAxis-tick-labels text`).first().waitFor();
    const ticks = await yTicks(page, figure);
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) {
      expect(tick.text).toMatch(/^(0|\d+(\.\d)?K)$/);
      // Nothing of the label lies left of the chart, where it would be cut off.
      expect(tick.cut).toBeLessThanOrEqual(0);
    }
    // The top of the scale reaches the day's count, in thousands.
    expect(Math.max(...ticks.map((t) => parseFloat(t.text)))).toBeGreaterThanOrEqual(ROWS / 1000);
    await shot(page, SHOTS, 'activity-1280', { fullPage: false });
  });

  it('names every action in words on the activity page, in English and German', async () => {
    await page.goto('/en/activity');
    await page.getByText('Turned on two-factor sign-in').first().waitFor();
    await page.getByText('Report exported').first().waitFor();
    await page.getByText('Created').first().waitFor();
    expect(await page.getByText('tfa.enable', { exact: true }).count()).toBe(0);
    expect(await page.getByText('report.exported', { exact: true }).count()).toBe(0);
    const legend = page.locator('.recharts-legend-wrapper');
    expect(await legend.innerText()).toContain('Created');
    expect(await legend.innerText()).not.toContain('tfa.enable');

    await page.getByRole('combobox', { name: 'Action' }).click();
    // The choices come from the log itself, loaded next to the timeline.
    await page.getByRole('option', { name: 'Turned on two-factor sign-in' }).waitFor();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(
      expect.arrayContaining(['Created', 'Signed in', 'Turned on two-factor sign-in']),
    );
    expect(options.some((o) => /^[a-z]+\.[a-z]+$/.test(o))).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto('/de/activity');
    await page.getByText('Zwei-Faktor-Anmeldung eingeschaltet').first().waitFor();
    await page.getByText('Erstellt').first().waitFor();
  });

  it('keeps the create-collection button in view in a long dialog at 1280x800', async () => {
    await page.goto('/en/collections');
    await page.getByRole('button', { name: 'Create collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a collection' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Create collection' });
    const box = (await submit.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    // In view and on top: a click at its centre reaches the button itself.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe('Create collection');
    // The body scrolls beneath the footer.
    const scrolls = await dialog.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    await shot(page, SHOTS, 'create-collection-1280', { fullPage: false });
    await page.setViewportSize(PHONE);
    const phoneBox = (await submit.boundingBox())!;
    expect(phoneBox.y + phoneBox.height).toBeLessThanOrEqual(PHONE.height);
    await shot(page, SHOTS, 'create-collection-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
  });

  it('does not scroll sideways at 390 px on the extension editor, home and activity', async () => {
    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const p = await phone.newPage();
    try {
      await p.goto('/en/extensions/new');
      await p.getByRole('textbox', { name: 'Source' }).waitFor();
      expect(await pageWidth(p)).toBeLessThanOrEqual(PHONE.width);
      await shot(p, SHOTS, 'extension-editor-390');

      for (const [url, name] of [
        ['/en', 'home-390'],
        ['/en/activity', 'activity-390'],
      ] as const) {
        await p.goto(url);
        const chart = p.locator('figure[aria-label^="Bar chart"]');
        await chart.locator('.recharts-yAxis-tick-labels text').first().waitFor();
        expect(await pageWidth(p)).toBeLessThanOrEqual(PHONE.width);
        // The whole chart, axis labels included, lies inside the viewport.
        const box = (await chart.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        for (const tick of await yTicks(p, 'figure[aria-label^="Bar chart"]')) {
          expect(tick.cut).toBeLessThanOrEqual(0);
        }
        await shot(p, SHOTS, name);
      }
    } finally {
      await phone.close();
    }
    await page.goto('/en/extensions/new');
    await page.getByRole('textbox', { name: 'Source' }).waitFor();
    await shot(page, SHOTS, 'extension-editor-1280', { fullPage: false });
    await page.goto('/en');
    await page
      .locator('figure[aria-label^="Bar chart"] .recharts-yAxis-tick-labels text')
      .first()
      .waitFor();
    await shot(page, SHOTS, 'home-1280', { fullPage: false });
  });
});
