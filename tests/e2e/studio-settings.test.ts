import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-ops-shots', 'e2e');

interface Settings {
  project_name: string;
  activity_retention_days: number;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_password: string | null;
  cors_enabled: boolean;
  cors_origins: string[];
  cors_methods: string[];
  cors_max_age: number;
  mcp_enabled: boolean;
  mcp_allow_deletes: boolean;
  mcp_system_prompt: string | null;
}

let server: StartedServer;
let smtp: TestSmtpServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const settings = () => apiAs<Settings>(context, `${server.url}/api/settings`);

async function openTab(name: string, url: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name })
    .click();
  await page.waitForURL(url);
}

async function save(): Promise<void> {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.getByText('Settings saved.').last().waitFor();
}

describe('studio settings', () => {
  beforeAll(async () => {
    [server, smtp, browser] = await Promise.all([
      startServer(),
      startSmtpServer(),
      launchChromium(),
    ]);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    await signInAsAdmin(page);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), smtp?.close()]);
  });

  it('opens /settings on the General tab and renames the project', async () => {
    await page.goto('/en/settings');
    await page.waitForURL(/\/en\/settings\/general$/);
    const name = page.getByLabel('Project name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This field is required.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('Acme Data');
    await page.getByLabel('Activity retention (days)').fill('30');
    await save();
    expect(await settings()).toMatchObject({
      project_name: 'Acme Data',
      activity_retention_days: 30,
    });
    await expectAccessible(page);
    await shot(page, SHOTS, 'settings-general');
  });

  it('saves the SMTP settings with a write-only password and sends a test mail', async () => {
    await openTab('Email', /\/settings\/email$/);
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('Password', { exact: true }).fill('smtp-secret-1');
    await page.getByLabel('Sender address').fill('studio@example.com');
    await save();
    const stored = await settings();
    expect(stored).toMatchObject({ smtp_host: '127.0.0.1', smtp_port: smtp.port });
    expect(stored.smtp_password).toBe('**********');

    await page.reload();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByText('A password is stored.', { exact: false }).waitFor();

    await page.getByLabel('Send to').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await page.getByText('The server accepted the test mail to someone@example.com.').waitFor();
    expect(smtp.received.map((m) => m.to)).toContainEqual(['someone@example.com']);
    await expectAccessible(page);
    await shot(page, SHOTS, 'settings-email');
  });

  it("shows the server's answer when the SMTP test fails", async () => {
    const port = await closedPort();
    await page.getByLabel('Port').fill(String(port));
    await save();
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await page
      .getByText(`Server answer: SMTP test failed: could not connect to 127.0.0.1:${port}`)
      .waitFor();
  });

  it('edits the CORS origins, methods and max age, refusing a malformed origin', async () => {
    await openTab('CORS', /\/settings\/cors$/);
    await page.getByRole('switch', { name: 'Allow cross-origin requests' }).click();
    const origin = page.getByLabel('Allowed origins', { exact: true });
    await origin.fill('https://app.example.com/');
    await page.getByRole('button', { name: 'Add to Allowed origins' }).click();
    await page.getByText('Enter an origin such as https://app.example.com').waitFor();
    await origin.fill('https://app.example.com');
    await origin.press('Enter');
    await page.getByRole('button', { name: 'Remove https://app.example.com' }).waitFor();
    await page.getByRole('checkbox', { name: 'DELETE' }).click();
    await page.getByLabel('Preflight cache (seconds)').fill('120');
    await save();
    expect(await settings()).toMatchObject({
      cors_enabled: true,
      cors_origins: ['https://app.example.com'],
      cors_methods: ['GET', 'POST', 'PUT', 'PATCH'],
      cors_max_age: 120,
    });
    await expectAccessible(page);
    await shot(page, SHOTS, 'settings-cors');
  });

  it('shows the sign-in rules the server reports, read-only', async () => {
    await openTab('Security', /\/settings\/security$/);
    await page.getByText('Second factor for everyone').waitFor();
    await page.getByText('10 attempts').waitFor();
    await page.getByText('15 minutes').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('turns MCP on with a system prompt and offers the connection URL', async () => {
    await openTab('AI / MCP', /\/settings\/mcp$/);
    await page.getByText('Point an MCP client at the connection URL', { exact: false }).waitFor();
    expect(await page.getByLabel('Connection URL').inputValue()).toBe(`${server.url}/api/mcp`);
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('Connection URL copied.').waitFor();

    await page.getByRole('switch', { name: 'Enable MCP' }).click();
    await page.getByRole('switch', { name: 'Send the system prompt' }).click();
    await page.getByLabel('System prompt', { exact: true }).fill('Answer briefly.');
    await save();
    expect(await settings()).toMatchObject({
      mcp_enabled: true,
      mcp_allow_deletes: false,
      mcp_system_prompt_enabled: true,
      mcp_system_prompt: 'Answer briefly.',
    });
    await expectAccessible(page);
    await shot(page, SHOTS, 'settings-mcp');
  });
});
