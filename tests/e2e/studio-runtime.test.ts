import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-runtime-shots');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface CronRow {
  name: string;
  last_status: string | null;
  last_error: string | null;
  last_run_at: string | null;
}

/** Replaces what a CodeMirror editor holds, as typing or pasting would. */
async function typeCode(name: string, code: string): Promise<void> {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

async function bothWidths(name: string): Promise<void> {
  await shot(page, SHOTS, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, SHOTS, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('studio extensions, cron jobs and services', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await signInAsAdmin(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the three pages in the navigation of an administrator', async () => {
    const nav = page.getByRole('navigation', { name: 'Studio navigation' });
    for (const name of ['Extensions', 'Cron jobs', 'Services']) {
      await nav.getByRole('link', { name }).waitFor();
    }
    await nav.getByRole('link', { name: 'Extensions' }).click();
    await page.waitForURL(/\/en\/extensions$/);
    await page.getByText('No extension yet').waitFor();
    await expectAccessible(page);
    await bothWidths('extensions-empty');
  });

  it('writes an endpoint in the code editor, shows a compile error, and answers once switched on', async () => {
    await page.goto('/en/extensions');
    await page.getByRole('link', { name: 'New extension' }).click();
    await page.waitForURL(/\/en\/extensions\/new$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('greeter');
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByText('/api/ext/greeter').first().waitFor();

    await typeCode('Source', 'export default async (request) => {');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Does not compile: Unexpected end of input/).waitFor();
    await page
      .getByRole('alert')
      .getByText('Some of the submitted values are not valid.')
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Source' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectAccessible(page);
    await bothWidths('extension-compile-error');

    // Unsaved code: leaving asks first, and staying keeps every character.
    await page.getByRole('link', { name: 'All extensions' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await expectAccessible(page);
    await bothWidths('extension-leave-guard');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/en\/extensions\/new$/);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'greeter',
    );

    await typeCode(
      'Source',
      [
        'export default async (request, context) => ({',
        '  status: 200,',
        "  body: { greeting: 'hello', path: request.path, query: request.query },",
        '});',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/en\/extensions\/[0-9a-f-]{36}$/);
    await page.getByText('greeter saved.').first().waitFor();
    expect((await fetch(`${server.url}/api/ext/greeter`)).status).toBe(404);

    await page.getByRole('link', { name: 'All extensions' }).click();
    await page.waitForURL(/\/en\/extensions$/);
    const toggle = page.getByRole('switch', { name: 'Enabled: greeter' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('greeter is on.').first().waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    const res = await fetch(`${server.url}/api/ext/greeter/hello?x=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ greeting: 'hello', path: '/hello', query: { x: '1' } });
    await page.getByRole('link', { name: 'Open the endpoint of greeter in a new tab' }).waitFor();
    await expectAccessible(page);
    await bothWidths('extensions-list');
  });

  it('shows the last error of a failing extension with when it happened', async () => {
    await apiAs(context, `${server.url}/api/extensions`, {
      method: 'POST',
      body: {
        name: 'breaker',
        type: 'endpoint',
        source: 'export default async () => { throw new Error("database is sulking"); };',
      },
    });
    expect((await fetch(`${server.url}/api/ext/breaker`)).status).toBe(500);
    await page.goto('/en/extensions');
    const row = page.getByRole('row', { name: /breaker/ });
    const cell = row.getByRole('cell').filter({ hasText: 'database is sulking' });
    await cell.getByText(/ago|now/).waitFor();
    await row.getByRole('link', { name: 'breaker', exact: true }).click();
    const last = page.getByRole('region', { name: 'Last error' });
    await last.getByText('database is sulking').waitFor();
    await expectAccessible(page);
    await bothWidths('extension-last-error');
  });

  it('refuses a schedule the server cannot read, then runs the saved job now and shows the result', async () => {
    await apiAs(context, `${server.url}/api/extensions`, {
      method: 'POST',
      body: {
        name: 'doubler',
        type: 'operation',
        source: 'export default async (payload) => ({ doubled: payload.n * 2 });',
      },
    });
    await page.goto('/en/cron');
    await page.getByText('No cron job yet').waitFor();
    await page.getByRole('button', { name: 'New cron job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New cron job' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('nightly-double');
    await dialog.getByRole('textbox', { name: 'Schedule' }).fill('every night');
    await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Berlin');
    await dialog.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: 'doubler' }).click();
    await typeCode('Payload', '{"n": 21}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/Is not a valid cron expression/).waitFor();
    await expectAccessible(page);
    await shot(page, SHOTS, 'cron-schedule-error-1280', { fullPage: false });

    await dialog.getByRole('textbox', { name: 'Schedule' }).fill('0 3 * * *');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /nightly-double/ });
    await row.getByText('Never run').filter({ visible: true }).waitFor();
    await row.getByText('Europe/Berlin').waitFor();

    await row.getByRole('button', { name: 'Run nightly-double now' }).click();
    await page.getByText('nightly-double ran successfully.').first().waitFor();
    await row.getByText('Succeeded').filter({ visible: true }).waitFor();
    const [job] = await apiAs<CronRow[]>(
      context,
      `${server.url}/api/cron?filter[name][_eq]=nightly-double`,
    );
    expect(job.last_status).toBe('success');
    expect(job.last_run_at).not.toBeNull();

    await row.getByRole('button', { name: 'Run history of nightly-double' }).click();
    const history = page.getByRole('dialog', { name: 'Runs of nightly-double' });
    await history.getByRole('cell', { name: 'Manual' }).waitFor();
    await expectAccessible(page);
    await shot(page, SHOTS, 'cron-history-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
  });

  it('shows why a job without an operation fails when run now', async () => {
    await page.goto('/en/cron');
    await page.getByRole('button', { name: 'New cron job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New cron job' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('orphan');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /orphan/ });
    await row.getByRole('button', { name: 'Run orphan now' }).click();
    await page.getByText('orphan failed.').first().waitFor();
    await row.getByText('Failed').filter({ visible: true }).waitFor();
    await row.getByText('The job names no operation extension').waitFor();
    const [job] = await apiAs<CronRow[]>(
      context,
      `${server.url}/api/cron?filter[name][_eq]=orphan`,
    );
    expect(job.last_status).toBe('error');
    await expectAccessible(page);
    await bothWidths('cron-list');
  });

  it('creates a service on a service extension with a write-only secret', async () => {
    await apiAs(context, `${server.url}/api/extensions`, {
      method: 'POST',
      body: {
        name: 'greetings',
        type: 'service',
        source: 'export default (context) => ({ greet: async (n) => `Hi ${n}` });',
      },
    });
    await page.goto('/en/services');
    await page.getByText('No service yet').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New service' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('greeter-service');
    await dialog.getByRole('combobox', { name: 'Extension' }).click();
    await page.getByRole('option', { name: 'greetings' }).click();
    await typeCode('Configuration', '{"tone": "warm", "secrets": {"token": "s3cret"}}');
    await expectAccessible(page);
    await shot(page, SHOTS, 'service-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /greeter-service/ });
    await row.getByRole('link', { name: 'greetings' }).waitFor();
    const [service] = await apiAs<{ config: { tone: string; secrets: { token: string } } }[]>(
      context,
      `${server.url}/api/services?filter[name][_eq]=greeter-service`,
    );
    expect(service.config.tone).toBe('warm');
    expect(service.config.secrets.token).toBe('**********');
    await expectAccessible(page);
    await bothWidths('services-list');
  });
});
