import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { adminApi, adminPages, seedRows } from '../helpers/bulk-studio';
import { expectAccessible, shot } from '../helpers/studio-session';
import { startServer, type StartedServer } from '../helpers/server';

const SHOTS = '/tmp/studio-layouts-shots';
const ROWS = 100_000;
const STATUSES = ['todo', 'doing', 'done'] as const;
/** Row n falls on 2020-01-01 plus (n mod 2000) days: 50 rows a day, one among n ≤ 2000. */
const DAYS = 2_000;

let server: StartedServer;
let browser: Browser;
const api = adminApi(() => server.url);
const signedIn = adminPages(
  () => browser,
  () => server.url,
);

function dayOf(n: number): string {
  const d = new Date(Date.UTC(2020, 0, 1 + (n % DAYS)));
  return d.toISOString().slice(0, 10);
}

async function item(id: number): Promise<{ status: string; day: string }> {
  return (await api<{ data: { status: string; day: string } }>('GET', `/api/items/events/${id}`))
    .data;
}

const filterParam = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

describe('item browser layouts on 100,000 rows', () => {
  beforeAll(async () => {
    server = await startServer({ timeoutMs: 300_000 });
    await api('POST', '/api/collections', {
      collection: 'events',
      meta: { display_template: '{{title}}' },
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string', meta: { interface: 'input' } },
        { field: 'n', type: 'integer', meta: { interface: 'input' } },
        {
          field: 'status',
          type: 'string',
          meta: {
            interface: 'select-dropdown',
            options: {
              choices: [
                { text: 'To do', value: 'todo' },
                { text: 'Doing', value: 'doing' },
                { text: 'Done', value: 'done' },
              ],
            },
          },
        },
        { field: 'day', type: 'date', meta: { interface: 'datetime' } },
      ],
    });
    await seedRows(api, 'events', {
      count: ROWS,
      row: (n) => ({ title: `event ${n}`, n, status: STATUSES[n % 3], day: dayOf(n) }),
    });
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the filtered items as cards, and a link opens the same cards elsewhere', async () => {
    const { context, page } = await signedIn();
    const filter = filterParam({ n: { _between: [1, 12] } });
    await page.goto(`/en/content/events?filter=${filter}`);
    await page.getByRole('cell', { name: 'event 1', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'Cards' }).click();
    const cards = page.getByRole('list', { name: 'events as cards' });
    await cards.getByRole('link', { name: 'event 12', exact: true }).waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(12);
    await expect.poll(() => page.url()).toMatch(/layout=cards/);
    await shot(page, SHOTS, 'cards-1280');
    await expectAccessible(page);

    // The link alone, in a browser that never saw this view, shows the same cards.
    const link = page.url();
    const other = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const phone = await other.newPage();
    await phone.goto(link);
    const again = phone.getByRole('list', { name: 'events as cards' });
    await again.getByRole('link', { name: 'event 12', exact: true }).waitFor();
    expect(await again.getByRole('listitem').count()).toBe(12);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(phone, SHOTS, 'cards-390');
    await other.close();
    await context.close();
  }, 120_000);

  it('places the filtered items on the calendar and moves one by dragging', async () => {
    const { context, page } = await signedIn();
    const filter = filterParam({ n: { _lte: DAYS } });
    const options = encodeURIComponent(JSON.stringify({ calendar: { date: '2020-03-01' } }));
    await page.goto(`/en/content/events?layout=calendar&options=${options}&filter=${filter}`);
    const calendar = page.getByRole('region', { name: 'events on a calendar' });
    await calendar.getByRole('heading', { name: 'March 2020' }).waitFor();
    // 2020-03-01 is day 60 of the span: row 60 is the only filtered row on it.
    const march1 = calendar.getByRole('group', { name: 'Sunday, March 1, 2020' });
    await march1.getByRole('link', { name: 'event 60', exact: true }).waitFor();
    expect(await march1.getByRole('link').count()).toBe(1);
    // 31 days of March plus the days of February and April the grid shows.
    await calendar.getByRole('link', { name: 'event 90', exact: true }).waitFor();
    await shot(page, SHOTS, 'calendar-1280');
    await expectAccessible(page);

    const target = calendar.getByRole('group', { name: 'Tuesday, March 10, 2020' });
    await calendar.getByRole('link', { name: 'event 61', exact: true }).dragTo(target);
    await page.getByText('Moved to Tuesday, March 10, 2020').waitFor();
    expect((await item(61)).day).toBe('2020-03-10');
    await target.getByRole('link', { name: 'event 61', exact: true }).waitFor();

    // By keyboard: Alt+Right moves the focused item one day on.
    await calendar.getByRole('link', { name: 'event 62', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(async () => (await item(62)).day).toBe('2020-03-04');
    await context.close();

    const phone = await signedIn(390, 844);
    await phone.page.goto(`/en/content/events?layout=calendar&options=${options}&filter=${filter}`);
    await phone.page.getByRole('link', { name: 'event 60', exact: true }).waitFor();
    await shot(phone.page, SHOTS, 'calendar-390');
    await phone.context.close();
  }, 120_000);

  it('shows the filtered items in columns and moves a card to another column', async () => {
    const { context, page } = await signedIn();
    const filter = filterParam({ n: { _between: [1, 30] } });
    await page.goto(`/en/content/events?layout=kanban&filter=${filter}`);
    const board = page.getByRole('region', { name: 'events on a board' });
    const todo = board.getByRole('region', { name: 'To do' });
    const done = board.getByRole('region', { name: 'Done' });
    await todo.getByRole('link', { name: 'event 3', exact: true }).waitFor();
    // n mod 3: 0 → To do, 1 → Doing, 2 → Done; ten of each among 1…30.
    // Each column reads its own page: wait for each, not only the first.
    await expect.poll(() => todo.getByRole('link').count()).toBe(10);
    await expect.poll(() => done.getByRole('link').count()).toBe(10);
    await shot(page, SHOTS, 'kanban-1280');
    await expectAccessible(page);

    await todo.getByRole('link', { name: 'event 3', exact: true }).dragTo(done);
    await page.getByText('Moved to Done').waitFor();
    expect((await item(3)).status).toBe('done');
    await done.getByRole('link', { name: 'event 3', exact: true }).waitFor();
    expect(await todo.getByRole('link').count()).toBe(9);

    // By keyboard: Alt+Left moves a card one column back (Doing → To do).
    await board
      .getByRole('region', { name: 'Doing' })
      .getByRole('link', { name: 'event 4', exact: true })
      .focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(async () => (await item(4)).status).toBe('todo');
    await context.close();

    const phone = await signedIn(390, 844);
    await phone.page.goto(`/en/content/events?layout=kanban&filter=${filter}`);
    await phone.page.getByRole('region', { name: 'To do' }).getByRole('link').first().waitFor();
    await shot(phone.page, SHOTS, 'kanban-390');
    await phone.context.close();
  }, 120_000);

  it('exports exactly the filtered rows, in the chosen order', async () => {
    const { context, page } = await signedIn();
    const filter = filterParam({ n: { _between: [1_001, 1_250] } });
    await page.goto(`/en/content/events?filter=${filter}&sort=-n&fields=id,title`);
    await page.getByRole('cell', { name: 'event 1250', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export items' });
    await dialog.getByText('The 250 items matching').waitFor();
    await shot(page, SHOTS, 'export-1280', { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export and download' }).click(),
    ]);
    const file = path.join(SHOTS, 'export.csv');
    fs.mkdirSync(SHOTS, { recursive: true });
    await download.saveAs(file);
    const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,title');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(
      Array.from({ length: 250 }, (_, i) => 1_250 - i),
    );
    await context.close();
  }, 120_000);

  it('imports 10,000 CSV rows with progress, and lands none of a file with bad rows', async () => {
    const { context, page } = await signedIn();
    const good = ['Title,n,status'];
    for (let i = 1; i <= 10_000; i++) good.push(`imported ${i},${200_000 + i},todo`);
    const goodFile = path.join(SHOTS, 'import-good.csv');
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(goodFile, good.join('\n'));
    await page.goto('/en/content/events');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import items' });
    await dialog.getByLabel('File').setInputFiles(goodFile);
    await dialog.getByText('10,000 rows in the file').waitFor();
    // "Title" has no field of that name: map it by hand; n and status map themselves.
    await dialog.getByRole('combobox', { name: 'Column “Title”' }).click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    await shot(page, SHOTS, 'import-1280', { fullPage: false });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Import 10,000 rows' }).click();
    await dialog.getByRole('progressbar').waitFor();
    await page.getByText('10,000 items imported').waitFor({ timeout: 60_000 });
    const landed = await api<{ data: { count: Record<string, number> }[] }>(
      'GET',
      `/api/items/events?aggregate[count]=*&filter=${filterParam({ n: { _gt: 200_000 } })}`,
    );
    expect(Number(landed.data[0].count['*'])).toBe(10_000);
    expect(
      (await api<{ data: { title: string }[] }>('GET', '/api/items/events?filter[n][_eq]=200007'))
        .data[0].title,
    ).toBe('imported 7');

    const bad = ['n,status,day'];
    for (let i = 1; i <= 1_000; i++) {
      const n = i === 10 ? 'ten' : String(300_000 + i);
      const day = i === 500 ? '2020-13-45' : '2020-01-01';
      bad.push(`${n},todo,${day}`);
    }
    const badFile = path.join(SHOTS, 'import-bad.csv');
    fs.writeFileSync(badFile, bad.join('\n'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByLabel('File').setInputFiles(badFile);
    await dialog.getByRole('button', { name: 'Import 1,000 rows' }).click();
    const refused = dialog.getByRole('table', { name: 'Refused rows' });
    await refused.waitFor({ timeout: 60_000 });
    expect(await refused.getByRole('row').count()).toBe(3);
    await refused.getByRole('cell', { name: '10', exact: true }).waitFor();
    await refused.getByRole('cell', { name: '500', exact: true }).waitFor();
    await dialog.getByText('2 of 1000 rows are not valid').waitFor();
    await shot(page, SHOTS, 'import-refused-1280', { fullPage: false });
    const none = await api<{ data: { count: Record<string, number> }[] }>(
      'GET',
      `/api/items/events?aggregate[count]=*&filter=${filterParam({ n: { _gt: 300_000 } })}`,
    );
    expect(Number(none.data[0].count['*'])).toBe(0);
    await context.close();
  }, 180_000);

  it('keeps a resized and a moved column across a reload, and jumps to a page', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/events?fields=id,title,n&sort=id');
    const title = page.getByRole('columnheader', { name: 'Title', exact: true });
    await page.getByRole('cell', { name: 'event 1', exact: true }).waitFor();
    const before = (await title.boundingBox())!.width;
    const grip = (await page.getByRole('button', { name: 'Resize column Title' }).boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 160, grip.y + grip.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await title.boundingBox())!.width).toBeGreaterThan(before + 120);
    const widened = (await title.boundingBox())!.width;

    // By keyboard: Alt+Left on a header moves its column one place to the left.
    await page
      .getByRole('columnheader', { name: 'N', exact: true })
      .getByRole('button')
      .first()
      .focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/fields=id,n,title/);
    await shot(page, SHOTS, 'table-columns-1280', { fullPage: false });

    await page.reload();
    await page.getByRole('cell', { name: 'event 1', exact: true }).waitFor();
    const headers = (await page.getByRole('columnheader').allTextContents()).filter(Boolean);
    expect(headers).toEqual(['ID', 'N', 'Title']);
    expect(Math.abs((await title.boundingBox())!.width - widened)).toBeLessThanOrEqual(2);

    await page.getByRole('spinbutton', { name: 'Go to page' }).fill('500');
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'event 49901', exact: true }).waitFor();
    expect(await page.getByText('Page 500', { exact: false }).count()).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('keeps the chosen layout as the person’s view when they come back', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/events?layout=kanban');
    await page.getByRole('region', { name: 'events on a board' }).waitFor();
    // The person's own preset is written after a pause; leaving writes what is pending.
    await expect
      .poll(async () => {
        const res = await api<{ data: { layout: string }[] }>(
          'GET',
          '/api/presets?filter[collection][_eq]=events&filter[bookmark][_null]=true',
        );
        return res.data[0]?.layout;
      })
      .toBe('kanban');
    await page.goto('/en/content/events');
    await page.getByRole('region', { name: 'events on a board' }).waitFor();
    await context.close();
  }, 120_000);

  it('lets an administrator set a role’s default view, which its people open with', async () => {
    const policy = await api<{ data: { id: string } }>('POST', '/api/policies', {
      name: 'Events reader',
      app_access: true,
    });
    await api('POST', '/api/permissions', {
      policy: policy.data.id,
      collection: 'events',
      action: 'read',
      fields: ['*'],
    });
    const role = await api<{ data: { id: string } }>('POST', '/api/roles', { name: 'Planner' });
    await api('POST', '/api/access', { role: role.data.id, policy: policy.data.id });
    await api('POST', '/api/users', {
      email: 'planner@example.com',
      password: 'planner-password-1',
      role: role.data.id,
    });

    const { context, page } = await signedIn();
    await page.goto(`/en/content/events?layout=kanban&filter=${filterParam({ n: { _lte: 30 } })}`);
    await page.getByRole('region', { name: 'events on a board' }).waitFor();
    await page.getByRole('button', { name: 'Bookmarks' }).click();
    await page.getByRole('menuitem', { name: 'Set as default view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set the default view' });
    await dialog.getByRole('combobox', { name: 'Default for' }).click();
    await page.getByRole('option', { name: 'Planner', exact: true }).click();
    await shot(page, SHOTS, 'default-view-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Set as default' }).click();
    await page.getByText('Default view set for Planner').waitFor();
    await context.close();

    const planner = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const p = await planner.newPage();
    await p.goto('/en/login');
    await p.getByLabel('Email').fill('planner@example.com');
    await p.getByLabel('Password').fill('planner-password-1');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/en$/);
    await p.goto('/en/content/events');
    const board = p.getByRole('region', { name: 'events on a board' });
    await board
      .getByRole('region', { name: 'To do' })
      .getByRole('link', { name: 'event 30', exact: true })
      .waitFor();
    // A reader may not move cards: nothing there is draggable.
    expect(await board.locator('[draggable="true"]').count()).toBe(0);
    await planner.close();
  }, 120_000);
});
