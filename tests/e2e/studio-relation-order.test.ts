import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createContentSchema } from '../helpers/content-schema';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = '/tmp/studio-relation-order-shots';
// The shared toaster's <li role="status"> trips axe's list rule; not this page's to change.
const TOASTER = { exclude: ['ol[aria-live]'] };

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let articleId: number;

/** `{data}` of an API call as the signed-in administrator. */
function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  return apiAs<T>(context, server.url + url, { method, body });
}

/** The names shown in a relation list, top to bottom. */
async function shown(list: Locator): Promise<string[]> {
  const texts = await list.getByRole('listitem').allInnerTexts();
  return texts.map((t) => t.split('#')[0].trim());
}

/** The article's comments and tags as stored, each in its relation's order. */
async function stored() {
  const fields = 'comments.body,comments.position,tags.sort,tags.tags_id.label';
  return api<{
    comments: { body: string; position: number }[];
    tags: { sort: number; tags_id: { label: string } }[];
  }>('GET', `/api/items/articles/${articleId}?fields=${fields}`);
}

describe('studio relation order', () => {
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
    await createContentSchema(api);
    // Each list gets a sort field: comments (one-to-many) their own, tags (many-to-many) the junction's.
    await api('POST', '/api/fields/comments', { field: 'position', type: 'integer' });
    await api('PATCH', '/api/relations/comments/article', { meta: { sort_field: 'position' } });
    await api('POST', '/api/fields/articles_tags', { field: 'sort', type: 'integer' });
    await api('PATCH', '/api/relations/articles_tags/articles_id', {
      meta: { sort_field: 'sort' },
    });
    const created = await api<{ id: number }>('POST', '/api/items/articles', {
      title: 'Ordered',
      comments: [
        { body: 'First', position: 1 },
        { body: 'Second', position: 2 },
        { body: 'Third', position: 3 },
      ],
      tags: [
        { sort: 1, tags_id: { label: 'alpha' } },
        { sort: 2, tags_id: { label: 'beta' } },
        { sort: 3, tags_id: { label: 'gamma' } },
      ],
    });
    articleId = created.id;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('reorders a one-to-many by keyboard and a many-to-many by dragging, and saves the order', async () => {
    await page.goto(`/en/content/articles/${articleId}`);
    const comments = page.getByRole('group', { name: 'comments' });
    const tags = page.getByRole('group', { name: 'tags' });
    await comments.getByRole('listitem').filter({ hasText: 'Third' }).waitFor();
    expect(await shown(comments)).toEqual(['First', 'Second', 'Third']);
    expect(await shown(tags)).toEqual(['alpha', 'beta', 'gamma']);

    // Keyboard only: focus follows the moved row, and passes to "up" once it reaches the end.
    await comments.getByRole('button', { name: 'Move First down' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('First moved to position 2 of 3').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('First moved to position 3 of 3').waitFor();
    expect(await shown(comments)).toEqual(['Second', 'Third', 'First']);
    await page.keyboard.press('Enter');
    await page.getByText('First moved to position 2 of 3').waitFor();
    expect(await shown(comments)).toEqual(['Second', 'First', 'Third']);

    // Pointer: drag gamma onto alpha.
    const row = (label: string) => tags.getByRole('listitem').filter({ hasText: label });
    await row('gamma').dragTo(row('alpha'));
    await page.getByText('gamma moved to position 1 of 3').waitFor();
    expect(await shown(tags)).toEqual(['gamma', 'alpha', 'beta']);
    await page.getByText('Unsaved changes').waitFor();
    await expectAccessible(page, TOASTER);
    await comments.scrollIntoViewIfNeeded();
    await shot(page, SHOTS, 'reordered-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await comments.scrollIntoViewIfNeeded();
    await shot(page, SHOTS, 'reordered-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.keyboard.press('Control+s');
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await comments.getByRole('listitem').filter({ hasText: 'Third' }).waitFor();
    expect(await shown(comments)).toEqual(['Second', 'First', 'Third']);
    expect(await shown(tags)).toEqual(['gamma', 'alpha', 'beta']);

    const data = await stored();
    expect(data.comments).toEqual([
      { body: 'Second', position: 1 },
      { body: 'First', position: 2 },
      { body: 'Third', position: 3 },
    ]);
    expect(data.tags).toEqual([
      { sort: 1, tags_id: { label: 'gamma' } },
      { sort: 2, tags_id: { label: 'alpha' } },
      { sort: 3, tags_id: { label: 'beta' } },
    ]);
  });

  it('numbers a newly linked item after the existing ones', async () => {
    await api('POST', '/api/items/tags', { label: 'delta' });
    await page.goto(`/en/content/articles/${articleId}`);
    const tags = page.getByRole('group', { name: 'tags' });
    await tags.getByRole('button', { name: 'Add existing' }).click();
    await page
      .getByRole('dialog', { name: 'Choose from tags' })
      .getByRole('row', { name: /delta/ })
      .click();
    await page.keyboard.press('Control+s');
    await page.getByText('All changes saved').waitFor();
    const data = await stored();
    expect(data.tags.map((t) => [t.tags_id.label, t.sort])).toEqual([
      ['gamma', 1],
      ['alpha', 2],
      ['beta', 3],
      ['delta', 4],
    ]);
  });

  it('clears a sort field in the data model, after which its list has no reorder controls', async () => {
    await page.goto('/en/collections/articles');
    await page.getByRole('button', { name: 'Edit tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tags' });
    const select = dialog.getByRole('combobox', { name: 'Sort field (in articles_tags)' });
    // The dialog fills its choice once the relation has loaded.
    await expect.poll(() => select.innerText(), { timeout: 10_000 }).toBe('sort');
    await select.click();
    // Integer fields of the junction only, never its keys.
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['None', 'sort']);
    await page.getByRole('option', { name: 'None' }).click();
    await expectAccessible(page, TOASTER);
    await shot(page, SHOTS, 'sort-field-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save sort field' }).click();
    await page.getByText('Sort field of “articles_tags.articles_id” saved').waitFor();
    const relation = await api<{ meta: { sort_field: string | null } }>(
      'GET',
      '/api/relations/articles_tags/articles_id',
    );
    expect(relation.meta.sort_field).toBeNull();

    await page.goto(`/en/content/articles/${articleId}`);
    const comments = page.getByRole('group', { name: 'comments' });
    const tags = page.getByRole('group', { name: 'tags' });
    await tags.getByRole('listitem').filter({ hasText: 'delta' }).waitFor();
    expect(await comments.getByRole('button', { name: /^Move / }).count()).toBe(6);
    expect(await tags.getByRole('button', { name: /^Move / }).count()).toBe(0);
    expect(await tags.locator('li[draggable="true"]').count()).toBe(0);
  });
});
