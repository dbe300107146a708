import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';
import { expectAccessible, shot } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-live-shots');
const READER = { email: 'live-reader@example.com', password: 'live-reader-password-1' };
const SECRET = 'TOPSECRET-7f3a';
// A loaded machine takes a minute or more to start the database and Next.
const SLOW_START = 180_000;
/** How long a change may take to show in the other browser. */
const LIVE_MS = 10_000;

let server: StartedServer;
let browser: Browser;
let token: string;
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

const createNote = (title: string, secret = 'plain') =>
  api<{ id: number }>('POST', '/api/items/notes', { title, secret }).then((d) => d.id);
const patchNote = (id: number, data: Record<string, unknown>) =>
  api('PATCH', `/api/items/notes/${id}`, data);

/**
 * A browser context of its own (its own cookies, so its own realtime line), signed in. Each
 * page records the CSP refusals and the realtime frames it receives.
 */
async function person(
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    storageState: sessions.get(email),
  });
  const page = await context.newPage();
  const refused: string[] = [];
  const frames: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) refused.push(m.text());
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  if (!sessions.has(email)) {
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/en$/);
    sessions.set(email, await context.storageState());
  }
  return { context, page, refused, frames };
}

type Person = Awaited<ReturnType<typeof person>>;

/** Waits until the page's realtime line has sent the first read of a new subscription. */
async function subscribed(who: Person, since: number) {
  await expect
    .poll(() => who.frames.slice(since).some((f) => f.includes('"event":"init"')), {
      timeout: LIVE_MS,
    })
    .toBe(true);
}

/** Opens the notes table and waits until it follows changes. */
async function openTable(who: Person) {
  const since = who.frames.length;
  await who.page.goto('/en/content/notes');
  await who.page.getByRole('table', { name: /Items of notes/ }).waitFor();
  await who.page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: LIVE_MS });
  await subscribed(who, since);
  // Marks this document: a reload would lose it.
  await who.page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

/** Opens one note's form and waits until it follows changes. */
async function openItem(who: Person, id: number) {
  const since = who.frames.length;
  await who.page.goto(`/en/content/notes/${id}`);
  await who.page.getByLabel('title').waitFor();
  await subscribed(who, since);
}

describe('the studio follows changes made elsewhere', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ timeoutMs: SLOW_START }),
      launchChromium(),
    ]);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    await api('POST', '/api/collections', {
      collection: 'notes',
      fields: [
        { field: 'title', type: 'string' },
        { field: 'secret', type: 'string' },
      ],
    });
    // A reader: may read the notes' id and title, never their secret.
    const policy = await api<{ id: string }>('POST', '/api/policies', {
      name: 'Note readers',
      app_access: true,
    });
    await api('POST', '/api/permissions', {
      policy: policy.id,
      collection: 'notes',
      action: 'read',
      fields: ['id', 'title'],
    });
    const role = await api<{ id: string }>('POST', '/api/roles', { name: 'Note reader' });
    await api('POST', '/api/access', { role: role.id, policy: policy.id });
    await api('POST', '/api/users', { ...READER, role: role.id });
  }, SLOW_START + 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows one person's edit, create and delete in another's table without a reload", async () => {
    const id = await createNote('First note');
    const gone = await createNote('Doomed note');
    const a = await person();
    const b = await person();
    await openTable(b);
    await b.page.getByRole('cell', { name: 'First note' }).waitFor();

    // A edits through the form.
    await openItem(a, id);
    await a.page.getByLabel('title').fill('Edited by A');
    await a.page.getByRole('button', { name: 'Save', exact: true }).click();
    await b.page.getByRole('cell', { name: 'Edited by A' }).waitFor({ timeout: LIVE_MS });
    expect(await b.page.getByRole('cell', { name: 'First note' }).count()).toBe(0);

    await createNote('Born elsewhere');
    await b.page.getByRole('cell', { name: 'Born elsewhere' }).waitFor({ timeout: LIVE_MS });
    await api('DELETE', `/api/items/notes/${gone}`);
    await b.page
      .getByRole('cell', { name: 'Doomed note' })
      .waitFor({ state: 'detached', timeout: LIVE_MS });

    expect(await notReloaded(b.page)).toBe(true);
    await expectAccessible(b.page, { exclude: ['ol[aria-live]'] });
    await shot(b.page, SHOTS, 'table-live-1280', { fullPage: false });
    expect([...a.refused, ...b.refused]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('refetches a burst of writes a few times, not once per write', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => createNote(`Burst ${i}`)));
    const b = await person();
    await openTable(b);
    let reads = 0;
    b.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/items/notes') reads++;
    });
    for (let round = 0; round < 40; round++) {
      await Promise.all(ids.map((id, i) => patchNote(id, { title: `Burst ${i} r${round}` })));
    }
    await b.page.getByRole('cell', { name: 'Burst 4 r39' }).waitFor({ timeout: LIVE_MS });
    // 200 writes: a refetch at most every 150 ms while they last, one after the last.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(40);
    await b.context.close();
  });

  it('updates an open item without unsaved edits in place', async () => {
    const id = await createNote('Quiet note');
    const b = await person();
    await openItem(b, id);
    await patchNote(id, { title: 'Changed while open' });
    await expect
      .poll(() => b.page.getByLabel('title').inputValue(), { timeout: LIVE_MS })
      .toBe('Changed while open');
    expect(await b.page.getByRole('alert').filter({ hasText: 'changed by someone' }).count()).toBe(
      0,
    );
    await b.context.close();
  });

  it('keeps unsaved edits and says the item changed, then loads the new version on request', async () => {
    const id = await createNote('Contested note');
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const b = await person(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await openItem(b, id);
      await b.page.getByLabel('title').fill(`Draft of B ${viewport.width}`);
      await patchNote(id, { title: `Saved by A ${viewport.width}` });
      const notice = b.page.getByRole('alert').filter({
        hasText: 'This item was changed by someone else',
      });
      await notice.waitFor({ timeout: LIVE_MS });
      expect(await b.page.getByLabel('title').inputValue()).toBe(`Draft of B ${viewport.width}`);
      await expectAccessible(b.page, { exclude: ['ol[aria-live]'] });
      await shot(b.page, SHOTS, `notice-changed-${viewport.width}`, { fullPage: false });
      if (viewport.width === 1280) {
        await notice.getByRole('button', { name: 'Keep editing' }).click();
        await notice.waitFor({ state: 'detached' });
        expect(await b.page.getByLabel('title').inputValue()).toBe('Draft of B 1280');
        await patchNote(id, { title: 'Saved by A again' });
        await notice.getByRole('button', { name: 'Load new version' }).click();
        await expect
          .poll(() => b.page.getByLabel('title').inputValue(), { timeout: LIVE_MS })
          .toBe('Saved by A again');
      }
      await b.context.close();
    }
  });

  it('says so when the open item is deleted elsewhere', async () => {
    const id = await createNote('Short-lived note');
    const b = await person();
    await openItem(b, id);
    await api('DELETE', `/api/items/notes/${id}`);
    const notice = b.page
      .getByRole('alert')
      .filter({ hasText: 'This item was deleted by someone else' });
    await notice.waitFor({ timeout: LIVE_MS });
    await shot(b.page, SHOTS, 'notice-deleted-1280', { fullPage: false });
    await b.context.close();
  });

  it('never gives a reader a field it may not read, even live', async () => {
    const id = await createNote('Reader sees this');
    const r = await person(READER.email, READER.password);
    await openTable(r);
    await r.page.getByRole('cell', { name: 'Reader sees this' }).waitFor();
    await patchNote(id, { title: 'Reader sees the change', secret: SECRET });
    await createNote('Reader sees the new one', SECRET);
    await r.page
      .getByRole('cell', { name: 'Reader sees the change' })
      .waitFor({ timeout: LIVE_MS });
    await r.page
      .getByRole('cell', { name: 'Reader sees the new one' })
      .waitFor({ timeout: LIVE_MS });
    expect(await r.page.content()).not.toContain(SECRET);
    expect(r.frames.length).toBeGreaterThan(0);
    expect(r.frames.join('\n')).not.toContain(SECRET);
    expect(await r.page.getByRole('columnheader', { name: 'secret' }).count()).toBe(0);
    await shot(r.page, SHOTS, 'table-reader-1280', { fullPage: false });
    await r.context.close();
  });

  it('streams new activity entries onto the activity page', async () => {
    const b = await person();
    await b.page.goto('/en/activity');
    await b.page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await b.page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: LIVE_MS });
    const id = await createNote('Logged note');
    await b.page.getByText(`notes · ${id}`).first().waitFor({ timeout: LIVE_MS });
    await shot(b.page, SHOTS, 'activity-live-1280', { fullPage: false });
    await b.context.close();
    const phone = await person(ADMIN_EMAIL, ADMIN_PASSWORD, { width: 390, height: 844 });
    await openTable(phone);
    await shot(phone.page, SHOTS, 'table-live-390', { fullPage: false });
    await phone.context.close();
  });
});
