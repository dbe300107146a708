import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

/**
 * Translations and many-to-any fields in the studio: both set up in one step in the data
 * model, then edited in the item editor (a tab per language; a builder list of blocks).
 */
const SHOTS = '/tmp/studio-translations-m2a-shots';
// The shared toaster's <li role="status"> trips axe's list rule; not this page's to change.
const TOASTER = { exclude: ['ol[aria-live]'] };

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  return apiAs<T>(context, server.url + url, { method, body });
}

const pk = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
};
const text = (field: string, sort: number) => ({
  field,
  type: 'string',
  meta: { interface: 'input', sort },
});

async function both(name: string, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await shot(page, SHOTS, `${name}-1280`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await target.scrollIntoViewIfNeeded();
  await shot(page, SHOTS, `${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function addField(collection: string, iface: string): Promise<Locator> {
  await page.goto(`/en/collections/${collection}`);
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('dialog').getByRole('button', { name: iface, exact: true }).click();
  return page.getByRole('dialog');
}

/** The block list's rows as "collection: name" (keys left out), top to bottom. */
async function blocks(list: Locator): Promise<string[]> {
  const rows = await list.getByRole('listitem').allInnerTexts();
  return rows.map((r) => r.replace(/\s+/g, ' ').split('#')[0].trim());
}

describe('studio translations and many-to-any', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAsAdmin(page);
    for (const [collection, fields] of [
      ['articles', [pk, text('slug', 1)]],
      ['pages', [pk, text('title', 1)]],
      ['headings', [pk, text('title', 1)]],
      ['quotes', [pk, text('quote', 1)]],
    ] as const) {
      await api('POST', '/api/collections', { collection, fields });
    }
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('sets up a translations field in one step, creating and filling the languages', async () => {
    const dialog = await addField('articles', 'Translations');
    expect(await dialog.getByLabel('Field name').inputValue()).toBe('translations');
    await dialog.getByLabel('Fields to translate (optional)').fill('title, summary');
    await dialog.getByText('6 steps will run, in order:').waitFor();
    await expectAccessible(page, TOASTER);
    await shot(page, SHOTS, 'translations-setup-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, SHOTS, 'translations-setup-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Set up relation' }).click();
    await dialog.waitFor({ state: 'detached' });

    const languages = await api<{ code: string }[]>('GET', '/api/items/languages?fields=code');
    expect(languages.map((l) => l.code)).toContain('de-DE');
    const alias = await api<{ meta: unknown }>('GET', '/api/fields/articles/translations');
    expect(alias.meta).toMatchObject({ special: ['translations'], interface: 'translations' });
    const junction = await api<{ field: string }[]>('GET', '/api/fields/articles_translations');
    expect(junction.map((f) => f.field)).toEqual(
      expect.arrayContaining(['articles_id', 'languages_code', 'title', 'summary']),
    );
  });

  it('sets up a many-to-any field in one step over the chosen collections', async () => {
    const dialog = await addField('pages', 'Many to Any');
    await dialog.getByLabel('Field name').fill('blocks');
    await dialog.getByRole('checkbox', { name: 'headings' }).click();
    await dialog.getByRole('checkbox', { name: 'quotes' }).click();
    await dialog.getByText('4 steps will run, in order:').waitFor();
    await expectAccessible(page, TOASTER);
    await shot(page, SHOTS, 'blocks-setup-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, SHOTS, 'blocks-setup-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Set up relation' }).click();
    await dialog.waitFor({ state: 'detached' });
    const relation = await api<{ meta: unknown }>('GET', '/api/relations/pages_blocks/item');
    expect(relation.meta).toMatchObject({
      one_allowed_collections: ['headings', 'quotes'],
      one_collection_field: 'collection',
    });
  });

  it('fills two languages in their tabs, keeping unsaved input across tabs, and saves them', async () => {
    await page.goto('/en/content/articles/+');
    await page.getByLabel('Slug').fill('hello-world');
    const group = page.getByRole('group', { name: 'Translations' });
    const tabs = group.getByRole('tablist', { name: 'Languages of Translations' });
    await tabs.getByRole('tab', { name: 'German' }).click();
    await group.getByRole('tabpanel').getByLabel('Title').fill('Hallo Welt');
    await tabs.getByRole('tab', { name: 'French' }).click();
    await group.getByRole('tabpanel').getByLabel('Title').fill('Bonjour');
    await group.getByRole('tabpanel').getByLabel('Summary').fill('Un résumé');
    await tabs.getByRole('tab', { name: 'German' }).click();
    expect(await group.getByRole('tabpanel').getByLabel('Title').inputValue()).toBe('Hallo Welt');
    await tabs.getByRole('tab', { name: 'French translated' }).waitFor();
    await expectAccessible(page, TOASTER);
    await both('translations-editor', group);

    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/content\/articles\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const rows = await api<{ languages_code: string; title: string; summary: string | null }[]>(
      'GET',
      `/api/items/articles_translations?fields=languages_code,title,summary&filter[articles_id][_eq]=${id}&sort=languages_code`,
    );
    expect(rows).toEqual([
      { languages_code: 'de-DE', title: 'Hallo Welt', summary: null },
      { languages_code: 'fr-FR', title: 'Bonjour', summary: 'Un résumé' },
    ]);

    // Change one language and remove the other on the saved item.
    await tabs.getByRole('tab', { name: 'German' }).click();
    await group.getByRole('tabpanel').getByLabel('Title').fill('Guten Tag');
    await tabs.getByRole('tab', { name: 'French' }).click();
    await group.getByRole('button', { name: 'Remove French translation' }).click();
    await page.keyboard.press('Control+s');
    await page.getByText('All changes saved').waitFor();
    const after = await api<{ languages_code: string; title: string }[]>(
      'GET',
      `/api/items/articles?fields=translations.languages_code,translations.title&filter[id][_eq]=${id}`,
    );
    expect(after[0]).toEqual({ translations: [{ languages_code: 'de-DE', title: 'Guten Tag' }] });
    await page.reload();
    await tabs.getByRole('tab', { name: 'German' }).click();
    expect(await group.getByRole('tabpanel').getByLabel('Title').inputValue()).toBe('Guten Tag');
  });

  it('builds a block list of two types, reorders it by keyboard and saves it in order', async () => {
    const existing = await api<{ id: number }>('POST', '/api/items/headings', {
      title: 'Existing',
    });
    await page.goto('/en/content/pages/+');
    await page.getByLabel('Title').first().fill('Home');
    const group = page.getByRole('group', { name: 'Blocks' });
    const list = group.getByRole('list', { name: 'Blocks' });
    await list.getByText('No blocks yet').waitFor();

    await group.getByRole('button', { name: 'Add a block of type…' }).click();
    await page.getByRole('menuitem', { name: 'headings' }).click();
    const create = page.getByRole('dialog', { name: 'New item in headings' });
    await create.getByLabel('Title').fill('Welcome');
    await create.getByRole('button', { name: 'Add' }).click();
    await group.getByRole('button', { name: 'Add a block of type…' }).click();
    await page.getByRole('menuitem', { name: 'quotes' }).click();
    const quote = page.getByRole('dialog', { name: 'New item in quotes' });
    await quote.getByLabel('Quote').fill('Be bold');
    await quote.getByRole('button', { name: 'Add' }).click();
    await group.getByRole('button', { name: 'Add an existing block…' }).click();
    await page.getByRole('menuitem', { name: 'headings' }).click();
    await page
      .getByRole('dialog', { name: 'Choose from headings' })
      .getByRole('row', { name: /Existing/ })
      .click();
    expect(await blocks(list)).toEqual([
      'headings Welcome To create',
      'quotes Be bold To create',
      'headings Existing',
    ]);

    // Keyboard only: the quote moves to the top.
    await list.getByRole('button', { name: 'Move quotes: Be bold up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('quotes: Be bold moved to position 1 of 3.').waitFor();
    await expectAccessible(page, TOASTER);
    await both('blocks-editor', group);

    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/content\/pages\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const stored = await api<{ collection: string; sort: number; item: unknown }[]>(
      'GET',
      `/api/items/pages_blocks?fields=collection,sort,item:headings.title,item:quotes.quote&filter[pages_id][_eq]=${id}&sort=sort`,
    );
    expect(stored).toEqual([
      { collection: 'quotes', sort: 1, item: { quote: 'Be bold' } },
      { collection: 'headings', sort: 2, item: { title: 'Welcome' } },
      { collection: 'headings', sort: 3, item: { title: 'Existing' } },
    ]);
    expect(existing.id).toBeGreaterThan(0);

    await page.reload();
    await list.getByRole('listitem').filter({ hasText: 'Existing' }).waitFor();
    expect(await blocks(list)).toEqual(['quotes Be bold', 'headings Welcome', 'headings Existing']);
    // Remove one and move the last up: saved as a delete and new places.
    await list.getByRole('button', { name: 'Remove headings: Welcome' }).click();
    await list.getByRole('button', { name: 'Move headings: Existing up' }).click();
    await page.keyboard.press('Control+s');
    await page.getByText('All changes saved').waitFor();
    const after = await api<{ collection: string; sort: number }[]>(
      'GET',
      `/api/items/pages_blocks?fields=collection,sort&filter[pages_id][_eq]=${id}&sort=sort`,
    );
    expect(after).toEqual([
      { collection: 'quotes', sort: 1 },
      { collection: 'headings', sort: 2 },
    ]);
    await both('blocks-saved', group);
  });
});
