/**
 * `npx tsx bench/studio-deep.ts` (after `npm run build`, PostgreSQL at DATABASE_URL or on
 * 127.0.0.1:5432, Chromium at /usr/bin/chromium): how long the studio's item browser takes,
 * in a real browser, to show page 1 and page 98 of 100,000 articles, and to reach the last
 * page of 1,000,000 with the pager's "last page" button, and to turn a page or switch the
 * layout to cards, calendar or kanban. Read cache off, two workers, best of three.
 * `BENCH_DEEP_SIZES=100000` leaves out the million. The clock runs from the navigation or the click until the page's expected row
 * is on screen, so it holds the request, the answer's rendering and everything between.
 */
import { chromium, type Locator, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDatabase, startServer } from '../tests/helpers/server';
import { keepReport, runIfMain } from './harness';
import { grow } from './scale';
import { seed } from './seed';

const TOKEN = 'bench-admin-static-token-0123456789';
const LIMIT = 25;
const ROUNDS = 3;

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/en/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** The id cell of a row on screen (ids are contiguous from 1 in the bench data), as the
 * studio formats numbers in English. */
const idCell = (page: Page, id: number) =>
  page.getByRole('cell', { name: id.toLocaleString('en'), exact: true });

async function best(run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await run());
  return Math.min(...times);
}

/** From navigation to the page's first row on screen. */
async function openPage(page: Page, base: string, n: number): Promise<number> {
  // Elsewhere first, so nothing of the collection is on screen when the clock starts.
  await page.goto(`${base}/en/content`);
  const started = performance.now();
  await page.goto(`${base}/en/content/articles?sort=id&limit=${LIMIT}&page=${n}`);
  await idCell(page, (n - 1) * LIMIT + 1).waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

/** From the click on "last page" to the last page's first row on screen. */
async function lastPage(page: Page, base: string, rows: number): Promise<number> {
  await page.goto(`${base}/en/content/articles?sort=id&limit=${LIMIT}`);
  await idCell(page, 1).waitFor({ timeout: 30_000 });
  const button = page.getByRole('button', { name: 'Last page' });
  await button.waitFor();
  const started = performance.now();
  await button.click();
  // The page's first row: the table renders what fits on screen, not the page's last row.
  await idCell(page, rows - LIMIT + 1).waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

/** From the click on "Next page" to the next page's first row on screen. */
async function nextPage(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/en/content/articles?sort=id&limit=${LIMIT}`);
  await idCell(page, 1).waitFor({ timeout: 30_000 });
  const started = performance.now();
  await page.getByRole('button', { name: 'Next page' }).click();
  await idCell(page, LIMIT + 1).waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

/** From choosing another layout in the picker to its first item on screen. */
async function toLayout(
  page: Page,
  base: string,
  name: string,
  first: (page: Page) => Locator,
  options?: unknown,
): Promise<number> {
  const opts = options ? `&options=${encodeURIComponent(JSON.stringify(options))}` : '';
  await page.goto(`${base}/en/content/articles?sort=id&limit=${LIMIT}${opts}`);
  await idCell(page, 1).waitFor({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Layout' }).click();
  const option = page.getByRole('option', { name });
  await option.waitFor();
  const started = performance.now();
  await option.click();
  await first(page).waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

const firstCard = (page: Page) =>
  page.getByRole('list', { name: 'articles as cards' }).getByRole('listitem').first();
const firstOnCalendar = (page: Page) =>
  page.getByRole('region', { name: 'articles on a calendar' }).getByRole('link').first();
// The board's columns are the authors (a many-to-one), each read on its own.
const firstOnBoard = (page: Page) =>
  page.getByRole('region', { name: 'articles on a board' }).getByRole('link').first();
// A day of the bench data holds about 200 articles (one every 7 minutes from 2020-01-01).
const DAY = { calendar: { date: '2020-01-15', mode: 'day' } };
const SIZES = (process.env.BENCH_DEEP_SIZES ?? '100000,1000000').split(',').map(Number);

async function main(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const lines: string[] = [];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    await (await startServer({ database })).stop();
    await seed(database.url!, { token: TOKEN, adminEmail: ADMIN_EMAIL });
    for (const size of SIZES) {
      if (size > 100_000) await grow(database.url!, size);
      const server = await startServer({
        database,
        env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'error', READ_CACHE: 'false' },
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      try {
        await signIn(page, server.url);
        const row = (what: string, ms: number) =>
          lines.push(`| ${size.toLocaleString('en')} | ${what} | ${ms.toFixed(0)} |`);
        row('page 1 (navigation)', await best(() => openPage(page, server.url, 1)));
        row('page 98 (navigation)', await best(() => openPage(page, server.url, 98)));
        row('next page (button)', await best(() => nextPage(page, server.url)));
        const to = (name: string, first: (p: Page) => Locator, options?: unknown) =>
          best(() => toLayout(page, server.url, name, first, options));
        row('table → cards (layout switch)', await to('Cards', firstCard));
        row(
          'table → calendar, one day (layout switch)',
          await to('Calendar', firstOnCalendar, DAY),
        );
        row('table → kanban by author (layout switch)', await to('Kanban', firstOnBoard));
        row('last page (button)', await best(() => lastPage(page, server.url, size)));
      } finally {
        await context.close();
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    await database.drop();
  }
  return keepReport(
    'studio-deep',
    [
      `The studio's item browser in Chromium, 1280×800, ${LIMIT} rows a page, sorted by id, read cache off, best of ${ROUNDS}`,
      '',
      '| articles | what | ms |',
      '|---:|---|---:|',
      ...lines,
      '',
    ].join('\n'),
  );
}

runIfMain(import.meta.filename, main);
