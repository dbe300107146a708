import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, startServer, type StartedServer } from '../helpers/server';
import { closedPort } from '../helpers/smtp-server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-ops-shots', 'e2e');
const COLLECTION = `notes_${Date.now().toString(36)}`;

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const api = <T>(url: string, init?: { method?: string; body?: unknown }) =>
  apiAs<T>(context, `${server.url}${url}`, init);

describe('studio home, activity, logs, API explorer and profile', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await signInAsAdmin(page);
    // Some writes for the counts, the chart and the timeline.
    await api('/api/collections', {
      method: 'POST',
      body: {
        collection: COLLECTION,
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
    await api(`/api/items/${COLLECTION}`, {
      method: 'POST',
      body: [{ title: 'one' }, { title: 'two' }, { title: 'three' }],
    });
    await api(`/api/items/${COLLECTION}/2`, { method: 'PATCH', body: { title: 'second' } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the counts, the chart, recent activity and health on the home page', async () => {
    await page.goto('/en');
    const figures = page.getByRole('region', { name: 'Project figures' });
    await expect
      .poll(() => figures.innerText(), { timeout: 30_000 })
      .toMatch(/Collections\s+1\s+Items\s+3\s+Users\s+1/);
    await page.getByRole('img', { name: /Bar chart: \d+ actions? over 30 days\./ }).waitFor();
    await page
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('link', { name: `${COLLECTION} · 2` })
      .first()
      .waitFor();
    await page.getByText('Healthy').waitFor();
    await expectAccessible(page);
    await shot(page, SHOTS, 'home');
  });

  it('charts the writes and filters the timeline by action, linking to the item', async () => {
    await page.goto('/en/activity');
    const chart = page.getByRole('img', { name: /Bar chart: \d+ actions? over 30 days\./ });
    await chart.waitFor();
    const total = Number(/(\d+) actions/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1]);
    // A sign-in, three creates and an update at least.
    expect(total).toBeGreaterThanOrEqual(5);

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Updated' }).click();
    await page.waitForURL(/action=update/);
    await page.getByRole('img', { name: 'Bar chart: 1 action over 30 days.' }).waitFor();
    // The timeline keeps the unfiltered page (create and update of item 2) until the
    // filtered one arrives, which can be after the chart's.
    const link = page.getByRole('link', { name: `${COLLECTION} · 2` });
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    expect(await link.getAttribute('href')).toBe(`/en/content/${COLLECTION}/2`);
    await expectAccessible(page);
    await shot(page, SHOTS, 'activity');
  });

  it('shows a new log line in the live tail as it happens', async () => {
    await page.goto('/en/logs');
    await page.getByRole('status').getByText('Live').waitFor();
    // A password reset whose mail cannot be delivered logs a warning.
    const port = await closedPort();
    await api('/api/settings', {
      method: 'PATCH',
      body: { smtp_enabled: true, smtp_host: '127.0.0.1', smtp_port: port },
    });
    await fetch(`${server.url}/api/auth/password/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    const tail = page.getByRole('log', { name: 'Log lines' });
    await tail.getByText('mail not sent').waitFor();

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Clear log' }).click();
    await page.getByText('Waiting for log lines at this level…').waitFor();
    expect(await api<unknown[]>('/api/logs')).toEqual([]);
    await expectAccessible(page);
    await shot(page, SHOTS, 'logs');
  });

  it('runs a request from the API explorer with the signed-in session', async () => {
    await page.goto('/api-explorer');
    await page.waitForURL(/\/en\/api-explorer$/);
    await page.getByRole('heading', { name: 'DaaS API' }).waitFor();
    // The renderer's own markup has ARIA faults we cannot change from outside (roles on its
    // sidebar items, an unnamed icon button); everything else, contrast included, is checked.
    // Its long document body is left out: checking thousands of nodes costs half a minute.
    await expectAccessible(page, {
      exclude: ['.references-rendered'],
      disableRules: ['aria-allowed-attr', 'aria-required-children', 'button-name'],
    });
    const sidebar = page.getByRole('navigation', { name: 'Sidebar for DaaS API' });
    await sidebar.getByRole('button', { name: 'Users Open Group' }).click();
    await sidebar.getByRole('button', { name: 'The signed-in user HTTP Method: GET' }).click();
    await page
      .getByRole('region', { name: 'The signed-in user' })
      .first()
      .getByRole('button', { name: /Test Request/ })
      .click();
    const client = page.getByRole('dialog', { name: 'API Client' });
    await client.getByRole('button', { name: /^Send get request to .*\/api\/users\/me$/ }).click();
    // No token was entered: the answer is the signed-in administrator's, through the cookie.
    const response = client.getByRole('region', { name: 'Response' });
    await response.getByRole('link', { name: '200 OK' }).waitFor();
    await response.getByText(`"${ADMIN_EMAIL}"`).waitFor();
    await shot(page, SHOTS, 'api-explorer', { fullPage: false });
  });

  it('offers a member only the modules they may use, and a user without app access a clear page', async () => {
    const policy = await api<{ id: string }>('/api/policies', {
      method: 'POST',
      body: { name: `App only ${COLLECTION}`, app_access: true },
    });
    const role = await api<{ id: string }>('/api/roles', {
      method: 'POST',
      body: { name: `Member ${COLLECTION}` },
    });
    await api('/api/access', { method: 'POST', body: { role: role.id, policy: policy.id } });
    const password = 'member-password-1';
    const member = `member-${COLLECTION}@example.com`;
    const outsider = `outsider-${COLLECTION}@example.com`;
    await api('/api/users', { method: 'POST', body: { email: member, password, role: role.id } });
    await api('/api/users', { method: 'POST', body: { email: outsider, password } });

    const other = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const signIn = async (email: string) => {
      const p = await other.newPage();
      await p.goto('/en/login');
      await p.getByLabel('Email').fill(email);
      await p.getByLabel('Password').fill(password);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.waitForURL(/\/en$/);
      return p;
    };
    try {
      const p = await signIn(member);
      const nav = p.getByRole('navigation', { name: 'Studio navigation' });
      await nav.getByRole('link', { name: 'API explorer' }).waitFor();
      expect(await nav.getByRole('link').allInnerTexts()).toEqual([
        'Home',
        'Content',
        'API explorer',
      ]);
      await other.clearCookies();

      const q = await signIn(outsider);
      await q.getByRole('heading', { name: 'No access to the studio' }).waitFor();
      // Next sets the title of a client-side navigation a moment after the page renders.
      await q.waitForFunction(() => document.title !== '');
      expect(await q.getByRole('navigation', { name: 'Studio navigation' }).count()).toBe(0);
      await expectAccessible(q);
      await shot(q, SHOTS, 'no-access');
    } finally {
      await other.close();
    }
  });

  it('changes the name from the profile, reached through the user menu', async () => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/en\/profile$/);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name was saved.').waitFor();
    await page.getByRole('banner').getByText('Grace Hopper').waitFor();
    expect(await api('/api/users/me')).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel(/^New password\*?$/).fill('a-new-password-1');
    await page.getByLabel('Repeat new password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct.').first().waitFor();
    await expectAccessible(page);
    await shot(page, SHOTS, 'profile');
  });
});
