import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

/**
 * Accounts as people meet them: a member let into one tenant only, an account an
 * administrator creates with a password, and a second factor turned on from the profile.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-accounts-shots');
const suffix = crypto.randomBytes(3).toString('hex');
const TENANT = `/acme-${suffix}`;
const TENANT_NAME = `Acme ${suffix}`;
const MEMBER = { email: `member-${suffix}@example.com`, password: 'member-password-1' };
const CREATED = { email: `created-${suffix}@example.com`, password: 'created-password-1' };
const COLLECTION = `acct_notes_${suffix}`;

let server: StartedServer;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
let appRoleName: string;

const api = <T = unknown>(method: string, url: string, body?: unknown) =>
  apiAs<T>(adminContext, server.url + url, { method, body });

async function signIn(
  email: string,
  password: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en$/);
  return { context, page };
}

describe('studio accounts', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    adminContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    admin = await adminContext.newPage();
    await signInAsAdmin(admin);

    // A tenant-scoped collection: rows at the root and in the tenant.
    const tenant = await api<{ id: string }>('POST', '/api/scope', {
      uri: TENANT,
      name: TENANT_NAME,
    });
    await api('POST', '/api/collections', {
      collection: COLLECTION,
      schema: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string' },
        { field: 'scope', type: 'uuid' },
      ],
    });
    await api('POST', '/api/relations', {
      collection: COLLECTION,
      field: 'scope',
      related_collection: 'daas_scope_items',
    });
    await api('POST', `/api/items/${COLLECTION}`, [
      { title: 'note of the tenant', scope: tenant.id },
      { title: 'note at the root' },
    ]);

    // The member: no role, one policy with studio access and a read permission, granted at
    // the tenant only.
    const policy = await api<{ id: string }>('POST', '/api/policies', {
      name: `Tenant members ${suffix}`,
      app_access: true,
    });
    await api('POST', '/api/permissions', {
      policy: policy.id,
      collection: COLLECTION,
      action: 'read',
      fields: ['*'],
    });
    const member = await api<{ id: string }>('POST', '/api/users', {
      ...MEMBER,
      status: 'active',
      first_name: 'Mara',
      last_name: 'Member',
    });
    await api('POST', '/api/access', { user: member.id, policy: policy.id, scope: tenant.id });

    // A role with studio access for the account created in the studio.
    appRoleName = `Editors ${suffix}`;
    const role = await api<{ id: string }>('POST', '/api/roles', { name: appRoleName });
    const rolePolicy = await api<{ id: string }>('POST', '/api/policies', {
      name: appRoleName,
      app_access: true,
    });
    await api('POST', '/api/access', { role: role.id, policy: rolePolicy.id });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lands a tenant member in their scope, with their name and the tenant in the switcher', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await signIn(MEMBER.email, MEMBER.password, viewport);
      const switcher = page.getByRole('button', { name: 'Scope', exact: true });
      await switcher.filter({ hasText: TENANT_NAME }).waitFor();
      expect(await page.getByText('No access to the studio').count()).toBe(0);
      const cookie = (await context.cookies()).find((c) => c.name === 'daas_resource_uri');
      expect(cookie?.value).toBe(encodeURIComponent(TENANT));

      // Their own name in the header (the account menu's label names them too).
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').getByText('Mara Member').waitFor();
      await page.keyboard.press('Escape');
      if (viewport.width >= 640) {
        await page.locator('header').getByText('Mara Member').waitFor();
        expect(await page.locator('header').getByText('Unnamed user').count()).toBe(0);
      }
      // Home says plainly what the member may not read, instead of failing twice.
      await page.getByText('You may not read the activity log.').first().waitFor();
      expect(await page.getByText('This could not be loaded').count()).toBe(0);
      const size = `${viewport.width}`;
      await shot(page, SHOTS, `member-home-${size}`, { fullPage: false });

      // The switcher lists the tenant they hold, and not the root they hold nothing at.
      await switcher.click();
      const list = page.getByRole('list', { name: 'Scopes' });
      await list.getByRole('button', { name: new RegExp(TENANT_NAME) }).waitFor();
      expect(await list.getByRole('button').count()).toBe(1);
      await shot(page, SHOTS, `member-switcher-${size}`, { fullPage: false });
      await page.keyboard.press('Escape');

      // The tenant's rows, not the root's.
      await page.goto(`/en/content/${COLLECTION}`);
      await page.getByRole('cell', { name: 'note of the tenant' }).waitFor();
      expect(await page.getByRole('cell', { name: 'note at the root' }).count()).toBe(0);
      await context.close();
    }
  });

  it('tells an administrator what a scope is where they switch it, with the list and free entry', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await admin.setViewportSize(viewport);
      await admin.goto('/en');
      await admin.getByRole('button', { name: 'Scope', exact: true }).click();
      await admin.getByText(/A scope is a tenant or project/).waitFor();
      const list = admin.getByRole('list', { name: 'Scopes' });
      await list.getByRole('button', { name: 'Root scope' }).waitFor();
      await list.getByRole('button', { name: new RegExp(TENANT_NAME) }).waitFor();
      await admin.getByLabel('Scope URI').waitFor();
      await expectAccessible(admin);
      await shot(admin, SHOTS, `admin-switcher-${viewport.width}`, { fullPage: false });
      await admin.keyboard.press('Escape');
    }
    await admin.setViewportSize({ width: 1280, height: 800 });
  });

  it('lets an administrator create a user with a password, refusals shown on their fields', async () => {
    await admin.goto('/en/access/users');
    await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.getByRole('button', { name: 'Create user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create a user' });
    await dialog.getByLabel('Email address').fill(CREATED.email);
    // Too short: the server's own rule, placed on the password field.
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Password must be at least 8 characters').first().waitFor();
    expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    // Taken: the conflict is placed on the email field, with the server's message.
    await dialog.getByLabel('Email address').fill(MEMBER.email);
    await dialog.getByLabel('Password').fill(CREATED.password);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog
      .getByText(/has to be unique/)
      .first()
      .waitFor();
    expect(await dialog.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).toBeNull();
    await shot(admin, SHOTS, 'create-user-refused-1280', { fullPage: false });

    await dialog.getByLabel('Email address').fill(CREATED.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: appRoleName }).click();
    await dialog.getByLabel('First name').fill('Cleo');
    await dialog.getByLabel('Last name').fill('Created');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await admin.getByText(`User ${CREATED.email} created`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('row').filter({ hasText: CREATED.email }).getByText('Active').waitFor();

    const { context, page } = await signIn(CREATED.email, CREATED.password);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Cleo' }).waitFor();
    await context.close();

    // The page's two actions and the dialog on a phone.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.getByRole('dialog', { name: 'Create a user' }).waitFor();
    await shot(admin, SHOTS, 'create-user-390', { fullPage: false });
    await admin.keyboard.press('Escape');
    await shot(admin, SHOTS, 'users-390', { fullPage: false });
    await admin.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a second factor as on in the profile as soon as it is turned on', async () => {
    const { context, page } = await signIn(CREATED.email, CREATED.password);
    await page.goto('/en/profile');
    const card = page.getByRole('region', { name: 'Second factor' });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByLabel('Confirm with your password').fill(CREATED.password);
    await card.getByRole('button', { name: 'Continue' }).click();
    const secret = (await card.getByTestId('tfa-secret').textContent())!.replace(/\s+/g, '');
    const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000), period: 30 });
    await card.getByLabel('Authentication code').fill(code);
    await card.getByRole('button', { name: 'Turn on and sign in' }).click();
    await page.getByText('The second factor is on.').waitFor();
    // Without a reload: the card reads the new state.
    await card.getByText('On', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await card.getByText('Off', { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Turn off' }).waitFor();
    const me = await apiAs<{ has_tfa: boolean }>(context, `${server.url}/api/users/me`);
    expect(me.has_tfa).toBe(true);
    await shot(page, SHOTS, 'profile-tfa-on-1280', { fullPage: false });
    await context.close();
  });
});
