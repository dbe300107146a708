import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { adminApi, adminPages, seedRows } from '../helpers/bulk-studio';
import { expectAccessible, shot } from '../helpers/studio-session';
import { startServer, type StartedServer } from '../helpers/server';

const SHOTS = '/tmp/studio-batches-shots';
const ROWS = 100_000;

let server: StartedServer;
let browser: Browser;
const api = adminApi(() => server.url);
const signedIn = adminPages(
  () => browser,
  () => server.url,
);

async function countWhere(filter: unknown): Promise<number> {
  const res = await api<{ data: { count: { '*': number | string } }[] }>(
    'GET',
    `/api/items/bulk?aggregate[count]=*&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  return Number(res.data[0].count['*']);
}

async function idsWhere(filter: unknown): Promise<number[]> {
  const res = await api<{ data: { id: number }[] }>(
    'GET',
    `/api/items/bulk?fields=id&sort=id&limit=-1&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  return res.data.map((r) => r.id);
}

function pager(page: Page) {
  return page.getByRole('navigation', { name: 'Pagination' });
}

/** Scrolls the virtualised table to its end, so its last rows are rendered. */
async function scrollTableToEnd(page: Page) {
  await page.locator('table[aria-label^="Items of"]').evaluate((table) => {
    let el: HTMLElement | null = table.parentElement;
    while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement;
    if (el) el.scrollTop = el.scrollHeight;
  });
}

function rangeText(page: Page) {
  return pager(page).locator('p').first().textContent();
}

async function pageNumber(page: Page): Promise<number> {
  const text = await pager(page)
    .getByText(/^Page \d/)
    .textContent();
  return Number(/Page ([\d,]+)/.exec(text ?? '')![1].replace(/,/g, ''));
}

/** Clicks a paging button and waits until the new page's rows are on screen. */
async function turnPage(page: Page, button: Locator) {
  const before = await pageNumber(page);
  // No network wait: a page seen before comes from the client's cache.
  await button.click();
  await expect.poll(() => pageNumber(page)).not.toBe(before);
  // Until the new page arrives the previous one stays on screen, marked busy: an empty page
  // left from past the end must not pass for the new one.
  await page.locator('table[aria-label^="Items of"]:not([aria-busy])').waitFor();
  const size = 500;
  const first = ((await pageNumber(page)) - 1) * size + 1;
  // Past the end (a total that is an exact multiple of the page size) the page is empty.
  await page
    .getByRole('cell', { name: `row ${first}`, exact: true })
    .or(page.getByText('No item matches', { exact: false }))
    .or(page.getByText('no items yet', { exact: false }))
    .first()
    .waitFor();
}

async function choosePageSize(page: Page, size: string) {
  await pager(page).getByLabel('Rows per page').click();
  await page.getByRole('option', { name: size, exact: true }).click();
}

describe('studio batches and paging at 100,000 rows', () => {
  beforeAll(async () => {
    server = await startServer({ timeoutMs: 300_000 });
    await api('POST', '/api/collections', {
      collection: 'bulk',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        {
          field: 'label',
          type: 'string',
          schema: { is_unique: true },
          meta: { interface: 'input' },
        },
        { field: 'n', type: 'integer', meta: { interface: 'input' } },
        { field: 'status', type: 'string', meta: { interface: 'input' } },
      ],
    });
    await seedRows(api, 'bulk', {
      count: ROWS,
      row: (n) => ({ label: `row ${n}`, n, status: 'draft' }),
    });
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a 4xx at once: a missing collection is not asked for again and again', async () => {
    const { context, page } = await signedIn();
    const started = Date.now();
    await page.goto('/en/content/no_such_collection');
    await page.getByText('This could not be loaded').waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await context.close();
  });

  it('pages to the last of 100,000 rows whatever the count says', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/bulk');
    await page.getByRole('cell', { name: 'row 1', exact: true }).waitFor();
    await choosePageSize(page, '500');
    await expect.poll(() => rangeText(page)).toMatch(/^1–500/);
    const last = pager(page).getByRole('button', { name: 'Last page' });
    const next = pager(page).getByRole('button', { name: 'Next page' });
    if (await last.isEnabled()) await turnPage(page, last);
    // An estimate may stop short: a full page still offers Next until a short one comes.
    for (let guard = 0; guard < 250 && (await next.isEnabled()); guard++) {
      await turnPage(page, next);
    }
    // The pager ends: on the last page, or (after an estimate) on the empty one past it.
    expect(await next.isDisabled()).toBe(true);
    // An estimate above the count puts Last past the end: step back to the rows.
    for (let guard = 0; guard < 250 && !/–/.test((await rangeText(page)) ?? ''); guard++) {
      await turnPage(page, pager(page).getByRole('button', { name: 'Previous page' }));
    }
    expect(await rangeText(page)).toMatch(/^99,501–100,000/);
    await scrollTableToEnd(page);
    await page.getByRole('cell', { name: `row ${ROWS}`, exact: true }).waitFor();
    await shot(page, SHOTS, 'last-page-1280', { fullPage: false });
    await context.close();
  }, 400_000);

  it('batch-edits 500 selected rows, two fields at once, in requests within the cap', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/bulk?limit=500&page=3');
    await page.getByRole('cell', { name: 'row 1001', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).click();
    const bar = page.getByRole('region', { name: 'Selected items' });
    await bar.getByText('500 items selected').waitFor();
    // The selection bar takes room from the table, not from the pager.
    const box = await pager(page).getByRole('button', { name: 'Next page' }).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await shot(page, SHOTS, 'selection-1280', { fullPage: false });

    const patches: string[] = [];
    // Item writes only (the person's saved view of the collection is written too).
    page.on(
      'request',
      (r) => r.method() === 'PATCH' && r.url().includes('/api/items/') && patches.push(r.url()),
    );
    await bar.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Status', exact: true }).click();
    await dialog.getByLabel('New value of Status').fill('published');
    await dialog.getByRole('button', { name: 'Add another field' }).click();
    await dialog.getByRole('combobox', { name: 'Field' }).nth(1).click();
    await page.getByRole('option', { name: 'N', exact: true }).click();
    await dialog.getByLabel('New value of N').fill('-7');
    await shot(page, SHOTS, 'batch-edit-dialog-1280', { fullPage: false });
    await expectAccessible(page, { exclude: ['ol[aria-live]'] });
    await dialog.getByRole('button', { name: 'Apply to 500 items' }).click();
    await page.getByText('500 items updated').waitFor({ timeout: 60_000 });

    const published = await idsWhere({ status: { _eq: 'published' } });
    expect(published).toEqual(Array.from({ length: 500 }, (_, i) => 1001 + i));
    // A value no row had before (row 7 holds n = 7).
    expect(await countWhere({ n: { _eq: -7 } })).toBe(500);
    expect(patches.length).toBe(5);
    await context.close();
  }, 120_000);

  it('selects all rows matching a filter across pages and edits them all', async () => {
    const { context, page } = await signedIn();
    const filter = encodeURIComponent(JSON.stringify({ n: { _gte: 50_001, _lte: 50_250 } }));
    await page.goto(`/en/content/bulk?filter=${filter}&limit=100`);
    await page.getByRole('cell', { name: 'row 50001', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).click();
    const bar = page.getByRole('region', { name: 'Selected items' });
    await bar.getByRole('button', { name: /^Select all .*matching items/ }).click();
    await bar.getByText(/matching items are selected/).waitFor();
    await bar.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Status', exact: true }).click();
    await dialog.getByLabel('New value of Status').fill('archived');
    await dialog.getByRole('button', { name: 'Apply to all matching items' }).click();
    await page.getByText('250 items updated').waitFor({ timeout: 60_000 });
    const archived = await idsWhere({ status: { _eq: 'archived' } });
    expect(archived).toEqual(Array.from({ length: 250 }, (_, i) => 50_001 + i));
    await context.close();
  }, 120_000);

  it('shows the server’s own reason when a batch is refused', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/bulk?limit=25');
    await page.getByRole('checkbox', { name: 'Select row 1', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select row 2', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Selected items' });
    await bar.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Label', exact: true }).click();
    await dialog.getByLabel('New value of Label').fill('twice');
    await dialog.getByRole('button', { name: 'Apply to 2 items' }).click();
    await page.getByText('The change was not saved').waitFor();
    await page
      .getByText(/label.*unique|unique.*label/i)
      .first()
      .waitFor();
    expect(await countWhere({ label: { _eq: 'twice' } })).toBe(0);
    await context.close();
  });

  it('keeps columns, sort, search and page in the URL across a reload and Back', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/bulk');
    await page.getByRole('cell', { name: 'row 1', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search items' }).fill('row 9999');
    await page.getByRole('cell', { name: 'row 99990', exact: true }).waitFor();
    await page.getByRole('button', { name: 'N', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/sort=n/);
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search items' }).inputValue()).toBe(
      'row 9999',
    );
    await page.getByRole('cell', { name: 'row 99990', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('n');

    await page.goto('/en/content/bulk?page=4');
    await page.getByRole('cell', { name: 'row 301', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'row 301', exact: true }).click();
    await page.waitForURL(/\/content\/bulk\/301$/);
    await page.goBack();
    await page.getByRole('cell', { name: 'row 301', exact: true }).waitFor();
    expect(await pageNumber(page)).toBe(4);
    await context.close();
  }, 60_000);

  it('keeps the pager in view with a selection at phone width', async () => {
    const { context, page } = await signedIn(390, 844);
    await page.goto('/en/content/bulk?sort=id');
    await page.getByRole('cell', { name: 'row 1', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).click();
    await page.getByText('100 items selected').waitFor();
    await shot(page, SHOTS, 'selection-390', { fullPage: false });
    const box = await pager(page).getByRole('button', { name: 'Next page' }).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await context.close();
  });
});
