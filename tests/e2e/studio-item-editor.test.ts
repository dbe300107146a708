import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';
import { shot } from '../helpers/studio-session';

/**
 * The item editor's conditions, layout (groups, presentation, widths), save menu and
 * comments, with the API refusing what the editor prevents.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-item-editor-shots');
const EDITOR = { email: 'ticket-editor@example.com', password: 'editor-password-1' };
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: StartedServer;
let browser: Browser;
let token: string;
let editorToken: string;

async function call(method: string, url: string, body?: unknown, as = token) {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  if (res.status >= 300)
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

const choices = (...values: string[]) =>
  values.map((v) => ({ text: v[0].toUpperCase() + v.slice(1), value: v }));

async function createSchema() {
  await api('POST', '/api/collections', {
    collection: 'tickets',
    meta: { display_template: '{{title}} — {{status}}' },
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string', meta: { interface: 'input', sort: 1, width: 'half' } },
      {
        field: 'status',
        type: 'string',
        schema: { default_value: 'open' },
        meta: {
          interface: 'select-dropdown',
          sort: 2,
          width: 'half',
          options: { choices: choices('open', 'rejected', 'closed') },
        },
      },
      {
        field: 'reason',
        type: 'text',
        meta: {
          interface: 'input-multiline',
          sort: 4,
          hidden: true,
          conditions: [
            {
              name: 'Rejected needs a reason',
              rule: { status: { _eq: 'rejected' } },
              hidden: false,
              required: true,
            },
          ],
        },
      },
      {
        field: 'resolution',
        type: 'string',
        meta: {
          interface: 'input',
          sort: 5,
          width: 'half',
          conditions: [{ rule: { status: { _neq: 'closed' } }, readonly: true }],
        },
      },
      { field: 'body', type: 'text', meta: { interface: 'input-multiline', sort: 7 } },
      { field: 'source', type: 'string', meta: { interface: 'input', sort: 10 } },
      { field: 'internal', type: 'string', meta: { interface: 'input', sort: 11 } },
      {
        field: 'date_created',
        type: 'timestamp',
        meta: {
          interface: 'datetime',
          special: ['date-created'],
          readonly: true,
          sort: 12,
          width: 'half',
        },
      },
      {
        field: 'user_created',
        type: 'uuid',
        meta: { interface: 'input', special: ['user-created'], hidden: true, sort: 13 },
      },
    ],
  });
  const alias = (field: string, ui: string, sort: number, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/fields/tickets', {
      field,
      type: 'alias',
      meta: {
        interface: ui,
        special: ui.startsWith('group') ? ['alias', 'no-data', 'group'] : ['alias', 'no-data'],
        sort,
        ...extra,
      },
    });
  await alias('rejected_notice', 'presentation-notice', 3, {
    options: { text: 'Rejected tickets need a reason.', color: 'warning' },
    conditions: [{ rule: { status: { _neq: 'rejected' } }, hidden: true }],
  });
  await alias('details', 'group-detail', 6, { options: { start: 'open' } });
  await alias('split', 'presentation-divider', 8, { options: { title: 'Background' } });
  await alias('links', 'presentation-links', 9, {
    group: 'details',
    options: { links: [{ label: 'Open the list', url: '/en/content/tickets' }] },
  });
  await alias('more', 'group-accordion', 14);
  await alias('origin', 'group-raw', 15, { group: 'more' });
  await api('PATCH', '/api/fields/tickets/body', { meta: { group: 'details' } });
  await api('PATCH', '/api/fields/tickets/source', { meta: { group: 'origin' } });
  await api('PATCH', '/api/fields/tickets/internal', { meta: { group: 'more' } });
}

async function createEditor() {
  const policy = await api<{ data: { id: string } }>('POST', '/api/policies', {
    name: 'Ticket editors',
    app_access: true,
  });
  for (const action of ['read', 'create', 'update']) {
    await api('POST', '/api/permissions', {
      policy: policy.data.id,
      collection: 'tickets',
      action,
      fields: ['*'],
    });
  }
  const role = await api<{ data: { id: string } }>('POST', '/api/roles', { name: 'Ticket editor' });
  await api('POST', '/api/access', { role: role.data.id, policy: policy.data.id });
  await api('POST', '/api/users', {
    ...EDITOR,
    role: role.data.id,
    first_name: 'Eddie',
    last_name: 'Editor',
  });
  editorToken = await login(EDITOR.email, EDITOR.password);
}

async function signedIn(
  account = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  viewport = WIDE,
) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en$/);
  return { context, page };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function tickets(): Promise<Array<Record<string, unknown>>> {
  return (
    await api<{ data: Array<Record<string, unknown>> }>(
      'GET',
      '/api/items/tickets?sort=id&limit=-1',
    )
  ).data;
}

describe('studio item editor', () => {
  beforeAll(async () => {
    server = await startServer();
    token = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await createSchema();
    await createEditor();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows and requires a field as another changes, as the API does', async () => {
    const { context, page } = await signedIn(EDITOR);
    await page.goto('/en/content/tickets/+');
    await page.getByLabel('Title').fill('Broken printer');
    await page.getByLabel('Status').waitFor();
    expect(await page.getByLabel('Reason').count()).toBe(0);
    expect(await page.getByRole('note').count()).toBe(0);
    await expect(page.getByLabel('Resolution').isDisabled()).resolves.toBe(true);

    await choose(page, 'Status', 'Rejected');
    await page.getByLabel('Reason').waitFor();
    await page.getByRole('note').getByText('Rejected tickets need a reason.').waitFor();
    await expect(page.getByLabel('Reason').getAttribute('aria-required')).resolves.toBe('true');
    await shot(page, SHOTS, 'conditions-rejected-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This field is required.').waitFor();
    expect(await tickets()).toEqual([]);

    // What the editor prevents, the API refuses on its own.
    const refused = await call(
      'POST',
      '/api/items/tickets',
      { title: 'x', status: 'rejected' },
      editorToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'FAILED_VALIDATION',
      extensions: { field: 'reason' },
    });
    const locked = await call(
      'POST',
      '/api/items/tickets',
      { title: 'x', resolution: 'done' },
      editorToken,
    );
    expect(locked.status).toBe(400);
    expect(locked.body.extensions.field).toBe('resolution');

    await choose(page, 'Status', 'Closed');
    expect(await page.getByLabel('Reason').count()).toBe(0);
    await expect(page.getByLabel('Resolution').isDisabled()).resolves.toBe(false);
    await page.getByLabel('Resolution').fill('Replaced the toner');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/content\/tickets\/\d+$/);
    const [saved] = await tickets();
    expect(saved).toMatchObject({
      title: 'Broken printer',
      status: 'closed',
      resolution: 'Replaced the toner',
    });
    await context.close();
  });

  it('saves and opens an empty form, and saves a copy as a second item', async () => {
    const before = (await tickets()).length;
    const { context, page } = await signedIn();
    await page.goto('/en/content/tickets/+');
    await page.getByLabel('Title').fill('First of many');
    await page.getByRole('button', { name: 'More ways to save' }).click();
    await shot(page, SHOTS, 'save-menu-1280', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Save and create new' }).click();
    await page.getByText('Item created').first().waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('');
    expect(page.url()).toMatch(/\/content\/tickets\/\+$/);
    const afterNew = await tickets();
    expect(afterNew.length).toBe(before + 1);
    const first = afterNew.at(-1)!;
    expect(first.title).toBe('First of many');

    // Keyboard: the menu opens from its trigger and its entries are reached with arrows.
    await page.goto(`/en/content/tickets/${first.id}`);
    await page.getByLabel('Title').fill('First of many (copy)');
    await page.getByRole('button', { name: 'More ways to save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Save as copy' }).waitFor();
    await page.getByRole('menuitem', { name: 'Save as copy' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Copy created').first().waitFor();
    // The copy opens: a client-side navigation to another item's page.
    await page.waitForFunction(
      (id) =>
        /\/content\/tickets\/\d+$/.test(location.pathname) && !location.pathname.endsWith(`/${id}`),
      first.id,
    );
    const all = await tickets();
    expect(all.length).toBe(before + 2);
    const copy = all.at(-1)!;
    expect(copy).toMatchObject({ title: 'First of many (copy)', status: first.status });
    expect(copy.id).not.toBe(first.id);
    // The copy is stamped anew; the original keeps its own values.
    expect(copy.date_created).not.toBeNull();
    expect(all.find((t) => t.id === first.id)?.title).toBe('First of many');

    // From an existing item, "Save and go back" saves and returns to the list.
    await page.getByLabel('Title').fill('Copy, renamed');
    await page.getByRole('button', { name: 'More ways to save' }).click();
    await page.getByRole('menuitem', { name: 'Save and go back' }).click();
    await page.waitForFunction(() => location.pathname.endsWith('/content/tickets'));
    expect((await tickets()).find((t) => t.id === copy.id)?.title).toBe('Copy, renamed');
    await context.close();
  });

  it('adds comments beside the history, and only their authors (or an admin) change them', async () => {
    const [ticket] = await tickets();
    const admin = await call('POST', '/api/comments', {
      collection: 'tickets',
      item: ticket.id,
      comment: 'Admin note: check the warranty.',
    });
    expect(admin.status).toBe(201);
    const { context, page } = await signedIn(EDITOR);
    await page.goto(`/en/content/tickets/${ticket.id}`);
    await page.getByRole('button', { name: 'Comments' }).click();
    const drawer = page.getByRole('dialog', { name: 'Comments' });
    const adminEntry = drawer
      .getByRole('article', { name: /^Comment by / })
      .filter({ hasText: 'warranty' });
    await adminEntry.waitFor();
    expect(await adminEntry.getByRole('button').count()).toBe(0);
    await drawer.getByLabel('New comment').fill('Toner ordered.');
    await drawer.getByRole('button', { name: 'Add comment' }).click();
    const mine = drawer.getByRole('article', { name: 'Comment by Eddie Editor' });
    await mine.getByText('Toner ordered.').waitFor();
    await mine.getByText(/now|second/).waitFor();
    await shot(page, SHOTS, 'comments-1280', { fullPage: false });
    await mine.getByRole('button', { name: 'Edit comment by Eddie Editor' }).click();
    await mine.getByLabel('Comment text').fill('Toner ordered and fitted.');
    await mine.getByRole('button', { name: 'Save comment' }).click();
    await mine.getByText('Toner ordered and fitted.').waitFor();
    await mine.getByText('(edited)').waitFor();
    // The server refuses what the drawer does not offer.
    const adminId = admin.body.data.id as string;
    const hijack = await call('PATCH', `/api/comments/${adminId}`, { comment: 'x' }, editorToken);
    expect(hijack.status).toBe(403);
    const list = await call(
      'GET',
      `/api/comments?filter[collection][_eq]=tickets&filter[item][_eq]=${ticket.id}&fields=comment,user_created.first_name`,
      undefined,
      editorToken,
    );
    expect(list.body.data).toContainEqual({
      comment: 'Toner ordered and fitted.',
      user_created: { first_name: 'Eddie' },
    });
    await mine.getByRole('button', { name: 'Delete comment by Eddie Editor' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Comment deleted').first().waitFor();
    expect(await drawer.getByText('Toner ordered and fitted.').count()).toBe(0);
    await context.close();

    // An administrator may change anyone's comment.
    const adminSession = await signedIn();
    await adminSession.page.goto(`/en/content/tickets/${ticket.id}`);
    await adminSession.page.getByRole('button', { name: 'History' }).waitFor();
    await adminSession.page.getByRole('button', { name: 'Comments' }).click();
    const other = adminSession.page
      .getByRole('dialog', { name: 'Comments' })
      .getByRole('article')
      .first();
    await other.getByRole('button', { name: /^Edit comment by / }).waitFor();
    await adminSession.context.close();
  });

  it('renders groups and presentation fields, half widths side by side at 1280 and stacked at 390', async () => {
    const [ticket] = await tickets();
    for (const viewport of [WIDE, PHONE]) {
      const { context, page } = await signedIn(undefined, viewport);
      await page.goto(`/en/content/tickets/${ticket.id}`);
      // The breadcrumb names the item by the collection's display template.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await crumbs.getByText('Broken printer — closed').waitFor();
      await crumbs.getByRole('link', { name: 'Back to tickets' }).waitFor();
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByLabel('Body').waitFor();
      await details.getByRole('link', { name: 'Open the list' }).waitFor();
      await page.getByRole('separator', { name: 'Background' }).waitFor();
      // A detail group closes and opens from its header.
      const header = details.getByRole('button', { name: 'Details' });
      await header.click();
      await expect(header.getAttribute('aria-expanded')).resolves.toBe('false');
      expect(await page.getByLabel('Body').isVisible()).toBe(false);
      await header.click();
      await page.getByLabel('Body').waitFor();
      // The accordion shows one section at a time, the first to start with.
      const accordion = page.getByRole('group', { name: 'More' });
      const internal = accordion.getByRole('textbox', { name: 'Internal' });
      const source = accordion.getByLabel('Source');
      await internal.waitFor();
      expect(await source.isVisible()).toBe(false);
      await accordion.getByRole('button', { name: 'Origin' }).click();
      await source.waitFor();
      expect(await internal.isVisible()).toBe(false);
      await expect(
        accordion.getByRole('button', { name: 'Internal' }).getAttribute('aria-expanded'),
      ).resolves.toBe('false');

      const title = await page.getByLabel('Title').boundingBox();
      const status = await page.getByLabel('Status').boundingBox();
      if (viewport === WIDE) {
        // Half and half: one row.
        expect(Math.abs(title!.y - status!.y)).toBeLessThan(4);
        expect(status!.x).toBeGreaterThan(title!.x + title!.width);
      } else {
        expect(status!.y).toBeGreaterThan(title!.y + title!.height);
        expect(Math.abs(status!.x - title!.x)).toBeLessThan(4);
      }
      await shot(page, SHOTS, `layout-${viewport.width}`);
      await context.close();
    }
  });
  it("edits a field's conditions as checked JSON, with its width, in the data model", async () => {
    for (const viewport of [WIDE, PHONE]) {
      const { context, page } = await signedIn(undefined, viewport);
      await page.goto('/en/collections/tickets');
      await page.getByRole('button', { name: 'Edit reason' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit reason' });
      const conditions = dialog.getByLabel('Conditions (JSON)');
      await expect(conditions.inputValue()).resolves.toContain('"rejected"');
      await conditions.fill('[{"rule": {}, "hidden": false}]');
      await dialog.getByText('Condition 1 needs a rule').waitFor();
      await conditions.scrollIntoViewIfNeeded();
      await shot(page, SHOTS, `field-conditions-${viewport.width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Save field' }).click();
      // Nothing is sent while the conditions are malformed.
      await dialog.getByText('Condition 1 needs a rule').waitFor();
      const kept = await api<{ data: { meta: { conditions: unknown[] } } }>(
        'GET',
        '/api/fields/tickets/reason',
      );
      expect(kept.data.meta.conditions).toHaveLength(1);
      if (viewport === PHONE) {
        await context.close();
        continue;
      }
      const rule = {
        rule: { status: { _in: ['rejected', 'closed'] } },
        hidden: false,
        required: true,
      };
      await conditions.fill(JSON.stringify([rule]));
      await choose(page, 'Width', 'Half');
      await dialog.getByRole('button', { name: 'Save field' }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = await api<{ data: { meta: { conditions: unknown[]; width: string } } }>(
        'GET',
        '/api/fields/tickets/reason',
      );
      expect(saved.data.meta).toMatchObject({ conditions: [rule], width: 'half' });
      await context.close();
    }
  });
});
