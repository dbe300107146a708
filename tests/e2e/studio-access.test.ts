import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

/**
 * One walk through the access module as an administrator would take it, with a second
 * browser signed in as the person they invite: invite and accept, build a policy in the
 * matrix, check what it grants through that person's own session, switch scope, explain.
 * The steps build on each other, so they run in order over shared state.
 */
const suffix = crypto.randomBytes(3).toString('hex');
const ROLE = `Note takers ${suffix}`;
const POLICY = `Notes ${suffix}`;
const TENANT = `/tenant-${suffix}`;
const INVITEE = `invitee-${suffix}@example.com`;
const INVITEE_PASSWORD = 'invitee-password-1';

let server: StartedServer;
let smtp: TestSmtpServer;
let browser: Browser;
let adminContext: BrowserContext;
let userContext: BrowserContext;
let admin: Page;
let user: Page;
let token: string;
let tenantId: string;
let inviteeId: string;

async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** No serious or critical accessibility violation on what the page shows now. */
async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The request as the signed-in browser makes it: its cookies, so its session and scope. */
function fetchAs(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { path, init },
  );
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en$/);
}

async function waitForInviteLink(to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) {
      const text = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return /https?:\/\/\S+accept-invite\?token=[\w.-]+/.exec(text)![0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${to}`);
}

/** Opens a matrix cell, makes it custom and fills the editor through its labels. */
async function editCell(
  cell: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await admin.getByRole('button', { name: cell }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Custom access' }).check();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('studio access module', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer();
    browser = await launchChromium();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

    // Mail goes to the in-process SMTP server, configured as an administrator would.
    await api('PATCH', '/api/settings', {
      smtp_enabled: true,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
      smtp_user: null,
      smtp_password: null,
      smtp_from_email: 'daas@example.com',
    });
    const role = await api<{ data: { id: string } }>('POST', '/api/roles', { name: ROLE });
    const policy = await api<{ data: { id: string } }>('POST', '/api/policies', {
      name: POLICY,
      app_access: true,
    });
    await api('POST', '/api/access', { role: role.data.id, policy: policy.data.id });
    tenantId = (await api<{ data: { id: string } }>('POST', '/api/scope', { uri: TENANT })).data.id;
    await api('POST', '/api/collections', {
      collection: 'e2e_notes',
      schema: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string' },
        { field: 'secret', type: 'string' },
        { field: 'owner', type: 'uuid' },
        { field: 'scope', type: 'uuid' },
      ],
    });
    // A many-to-one into the scope tree makes the collection tenant-scoped.
    await api('POST', '/api/relations', {
      collection: 'e2e_notes',
      field: 'scope',
      related_collection: 'daas_scope_items',
    });

    adminContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    userContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    admin = await adminContext.newPage();
    user = await userContext.newPage();
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('invites a user by email, who accepts and signs in', async () => {
    await admin.goto('/en/access/users');
    await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.getByRole('cell', { name: ADMIN_EMAIL }).waitFor();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid email address.').waitFor();
    await dialog.getByLabel('Email address').fill(INVITEE);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: ROLE }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${INVITEE}`).waitFor();
    await admin.getByRole('row').filter({ hasText: INVITEE }).getByText('Invited').waitFor();

    const link = await waitForInviteLink(INVITEE);
    await user.goto(link);
    await user.getByRole('heading', { name: 'Welcome aboard' }).waitFor();
    await expectAccessible(user);
    await user.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
    await user.getByLabel('Repeat password').fill(INVITEE_PASSWORD);
    await user.getByRole('button', { name: 'Activate account' }).click();
    await user.getByText('Your account is active.').waitFor();

    await signIn(user, INVITEE, INVITEE_PASSWORD);
    const me = await fetchAs(user, '/api/users/me');
    inviteeId = me.body.data.id;
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: INVITEE }).getByText('Active').waitFor();
  });

  it('builds a policy in the matrix that grants exactly what the invitee then sees', async () => {
    const adminId = (await api<{ data: { id: string } }>('GET', '/api/users/me')).data.id;
    await api('POST', '/api/items/e2e_notes', [
      { title: 'mine at the root', secret: 's1', owner: inviteeId },
      { title: 'mine in the tenant', secret: 's2', owner: inviteeId, scope: tenantId },
      { title: 'somebody else', secret: 's3', owner: adminId },
    ]);
    // Nothing granted yet.
    expect((await fetchAs(user, '/api/items/e2e_notes')).status).toBe(403);

    await admin.goto('/en/access/policies');
    await admin.getByRole('link', { name: POLICY }).click();
    await admin.getByRole('heading', { level: 1, name: POLICY }).waitFor();
    await admin.getByRole('button', { name: 'e2e_notes, Read: No access' }).waitFor();
    await expectAccessible(admin);

    await editCell('e2e_notes, Read: No access', async (dialog) => {
      await dialog
        .getByRole('checkbox', { name: 'All fields, including fields added later' })
        .click();
      await dialog.getByRole('checkbox', { name: 'id', exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'title', exact: true }).click();
      // The shared filter builder, on its JSON tab: a broken filter is refused, then fixed.
      await dialog.getByRole('tab', { name: 'JSON' }).click();
      const filter = dialog.getByLabel('Filter as JSON');
      await filter.fill('{"owner": {"_eq": "$CURRENT_USER"');
      await dialog.getByRole('button', { name: 'Apply JSON' }).click();
      await dialog.getByRole('alert').first().waitFor();
      await filter.fill('{"owner": {"_eq": "$CURRENT_USER"}}');
      await dialog.getByRole('button', { name: 'Apply JSON' }).click();
      await dialog.getByRole('alert').waitFor({ state: 'detached' });
    });
    await admin.getByRole('button', { name: 'e2e_notes, Read: Custom access' }).waitFor();

    await editCell('e2e_notes, Create: No access', async (dialog) => {
      await dialog.getByLabel('Validation').fill('{"title": {"_nnull": true}}');
      await dialog.getByLabel('Presets').fill('{"secret": "from preset"}');
    });
    await admin.getByRole('button', { name: 'e2e_notes, Create: Custom access' }).waitFor();

    // What the invitee's own session gets: their rows only, only the granted fields.
    const read = await fetchAs(user, '/api/items/e2e_notes?sort=id');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      { id: expect.any(Number), title: 'mine at the root' },
      { id: expect.any(Number), title: 'mine in the tenant' },
    ]);
    expect((await fetchAs(user, '/api/items/e2e_notes?fields=secret')).status).toBe(403);
    const invalid = await fetchAs(user, '/api/items/e2e_notes', {
      method: 'POST',
      body: { title: null, owner: inviteeId },
    });
    expect(invalid.status).toBe(400);
    const created = await fetchAs(user, '/api/items/e2e_notes', {
      method: 'POST',
      body: { title: 'written by the invitee', owner: inviteeId },
    });
    expect(created.status).toBeLessThan(300);
    const stored = await api<{ data: { title: string; secret: string }[] }>(
      'GET',
      '/api/items/e2e_notes?filter[title][_eq]=written by the invitee',
    );
    expect(stored.data[0]!.secret).toBe('from preset');

    // And the content module shows the invitee exactly that: their rows, no secret column.
    await user.goto('/en/content/e2e_notes');
    const table = user.getByRole('table');
    await table.getByRole('row', { name: /mine at the root/ }).waitFor();
    await table.getByRole('row', { name: /written by the invitee/ }).waitFor();
    expect(await table.getByRole('row', { name: /mine in the tenant/ }).count()).toBe(1);
    expect(await table.getByRole('columnheader', { name: 'secret' }).count()).toBe(0);
    expect(await table.getByRole('row', { name: /mine|written/ }).count()).toBe(3);
  });

  it('switches scope from the header and the rows follow it', async () => {
    await user.goto('/en/content');
    await user.getByRole('button', { name: 'Scope' }).click();
    await user.getByLabel('Scope URI').fill('/nowhere');
    await user.getByRole('button', { name: 'Switch' }).click();
    await user.locator('[aria-invalid="true"]').waitFor();
    await user.getByLabel('Scope URI').fill(TENANT);
    await user.getByRole('button', { name: 'Switch' }).click();
    await user.getByRole('button', { name: 'Scope' }).filter({ hasText: TENANT }).waitFor();

    const scoped = await fetchAs(user, '/api/items/e2e_notes?sort=id');
    expect(scoped.body.data.map((r: { title: string }) => r.title)).toEqual(['mine in the tenant']);
    await user.goto('/en/content/e2e_notes');
    await user
      .getByRole('table')
      .getByRole('row', { name: /mine in the tenant/ })
      .waitFor();
    expect(
      await user
        .getByRole('table')
        .getByRole('row', { name: /mine|written/ })
        .count(),
    ).toBe(1);

    await user.getByRole('button', { name: 'Scope' }).click();
    await user
      .getByRole('list', { name: 'Scopes' })
      .getByRole('button', { name: 'Root scope' })
      .click();
    const root = await fetchAs(user, '/api/items/e2e_notes?sort=id');
    expect(root.body.data.length).toBe(3);

    // An administrator picks from the tree, told what a scope is.
    await admin.goto('/en/access/scopes');
    await admin.getByText(TENANT).first().waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Scope', exact: true }).click();
    const scopes = admin.getByRole('list', { name: 'Scopes' });
    await admin.getByText(/A scope is a tenant or project/).waitFor();
    await expectAccessible(admin);
    await scopes.getByRole('button', { name: TENANT, exact: true }).click();
    await admin.getByText('Active', { exact: true }).waitFor();
    const cookies = await adminContext.cookies();
    expect(cookies.find((c) => c.name === 'daas_resource_uri')?.value).toBe(
      encodeURIComponent(TENANT),
    );
    await admin.getByRole('button', { name: 'Scope', exact: true }).click();
    await scopes.getByRole('button', { name: 'Root scope' }).click();
  });

  it("explains a user's permissions and the policy each came from", async () => {
    await admin.goto('/en/access/explain');
    await admin.getByRole('heading', { level: 1, name: 'Explain permissions' }).waitFor();
    await admin.getByLabel('Find a user').fill(INVITEE);
    await admin.getByRole('combobox', { name: 'User' }).click();
    await admin.getByRole('option', { name: INVITEE }).click();
    const row = admin.getByRole('row').filter({ hasText: 'e2e_notes' }).filter({ hasText: 'Read' });
    // Role names arrive with their own query: wait for the row to name it.
    await row.filter({ hasText: `role ${ROLE}` }).waitFor();
    expect(await row.textContent()).toContain(POLICY);
    expect(await row.textContent()).toContain('$CURRENT_USER');
    await expectAccessible(admin);
  });

  it('has no serious accessibility violations on the overview, roles and module key pages', async () => {
    for (const [path, heading, shown] of [
      ['/en/access', 'Access', 'Invite people'],
      ['/en/access/roles', 'Roles', ROLE],
      ['/en/access/module-keys', 'Module access keys', 'Runtime logs'],
    ] as const) {
      await admin.goto(path);
      await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
      await admin.getByText(shown).first().waitFor();
      await expectAccessible(admin);
    }
  });
});
