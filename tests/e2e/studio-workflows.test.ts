import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

const SCREENSHOT_DIR = path.join(os.tmpdir(), 'daas-e2e-screenshots');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

async function api(pathname: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe('studio workflows page', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = (await login.json()).data.access_token;
    const created = await api('/api/collections', 'POST', {
      collection: 'stories',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string' },
        { field: 'status', type: 'string' },
      ],
    });
    expect(created.status).toBe(201);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('defines a workflow, assigns it to a collection, and new items follow it', async () => {
    await page.goto('/en/workflows');
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    // Shown once the page has loaded its data in the browser: the form is live.
    await page.getByText('No workflow yet').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Editorial');
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await page.getByRole('heading', { name: 'Editorial' }).waitFor();
    const graph = page.getByRole('figure', { name: 'States of Editorial' });
    await graph.getByText('Approve').waitFor();

    await page.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: 'Editorial' }).click();
    await page.getByRole('combobox', { name: 'Collection' }).click();
    await page.getByRole('option', { name: 'stories' }).click();
    await page.getByRole('textbox', { name: 'State field' }).fill('status');
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('mirrored into status').waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'workflows-1280.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workflows-390.png'), fullPage: true });

    const item = await api('/api/items/stories', 'POST', { title: 'First story' });
    expect(item.status).toBe(201);
    const id = item.body.data.id;
    const submit = await api('/api/workflow/transition', 'POST', {
      collection: 'stories',
      item: id,
      command: 'submit',
    });
    expect(submit.status).toBe(200);
    const approve = await api('/api/workflow/transition', 'POST', {
      collection: 'stories',
      item: id,
      command: 'approve',
    });
    expect(approve.status).toBe(200);
    const read = await api(`/api/items/stories/${id}`);
    expect(read.body.data.status).toBe('published');
  });

  it('drafts a version in the item editor, promotes it, and moves the item with the workflow buttons', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const item = await api('/api/items/stories', 'POST', { title: 'Second story' });
    const id = item.body.data.id as number;
    await page.goto(`/en/content/stories/${id}`);
    const workflow = page.getByRole('region', { name: 'Workflow' });
    await workflow.getByRole('button', { name: 'Submit' }).click();
    await workflow.getByRole('button', { name: 'Approve' }).waitFor();
    expect((await api(`/api/items/stories/${id}`)).body.data.status).toBe('review');

    await page.getByRole('button', { name: 'New version' }).click();
    const create = page.getByRole('dialog', { name: 'New version' });
    await create.getByLabel('Name').fill('Rewrite');
    await create.getByRole('button', { name: 'New version' }).click();
    await page.getByText('Version created').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Second story, rewritten');
    await page.keyboard.press('Control+s');
    await page.getByText('Saved to the version').waitFor();
    expect((await api(`/api/items/stories/${id}`)).body.data.title).toBe('Second story');

    await page.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: /Compare Rewrite with main/ });
    await compare.getByText('Second story, rewritten').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'versions-compare-1280.png') });
    await compare.getByRole('button', { name: 'Promote' }).click();
    await page.getByText('Version promoted to the item').waitFor();
    expect((await api(`/api/items/stories/${id}`)).body.data.title).toBe('Second story, rewritten');

    await workflow.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(async () => (await api(`/api/items/stories/${id}`)).body.data.status)
      .toBe('published');
  });

  it('shows a non-admin who may read the activity log the history of an item', async () => {
    const item = await api('/api/items/stories', 'POST', { title: 'Third story' });
    const id = item.body.data.id as number;
    const policy = await api('/api/policies', 'POST', { name: 'Story readers', app_access: true });
    expect(policy.status).toBe(201);
    const perms = await api('/api/permissions', 'POST', [
      { policy: policy.body.data.id, collection: 'stories', action: 'read', fields: ['*'] },
      { policy: policy.body.data.id, collection: 'daas_activity', action: 'read', fields: ['*'] },
    ]);
    expect(perms.status).toBe(201);
    const email = `reader-${Date.now()}@example.com`;
    const user = await api('/api/users', 'POST', { email, password: 'reader-password-1' });
    expect(user.status).toBe(201);
    const access = await api('/api/access', 'POST', {
      user: user.body.data.id,
      policy: policy.body.data.id,
    });
    expect(access.status).toBe(201);

    const readerContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const reader = await readerContext.newPage();
    await reader.goto('/en/login');
    await reader.getByLabel('Email').fill(email);
    await reader.getByLabel('Password').fill('reader-password-1');
    await reader.getByRole('button', { name: 'Sign in' }).click();
    await reader.waitForURL((url) => !url.pathname.includes('/login'));
    await reader.goto(`/en/content/stories/${id}`);
    await reader.getByRole('button', { name: 'History' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Activity on this item' });
    await dialog
      .getByRole('list', { name: 'Activity on this item' })
      .getByText('Created')
      .waitFor();
    await reader.screenshot({ path: path.join(SCREENSHOT_DIR, 'item-activity-1280.png') });
    await readerContext.close();
  });
});
