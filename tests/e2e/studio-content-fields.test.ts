import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

/**
 * The item form and the field editor: linked lists paged on the server, relational values
 * through display templates, image previews, schema defaults, readable labels, collection
 * icons, switching a field's interface and the per-user saved view.
 */
const SHOTS = path.join(os.tmpdir(), 'studio-content-fields-shots');
const ARTICLES_OF_ADA = 300;
const EDITOR = { email: 'editor@example.com', password: 'editor-password-1' };

let server: StartedServer;
let browser: Browser;
let token: string;
let adminId: string;
let editorId: string;
let coverId: string;
let coveredArticle: number;
let taggedArticle: number;

async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function signedIn(
  account = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  viewport = { width: 1280, height: 800 },
) {
  const storageState = sessions.get(account.email);
  const context = await browser.newContext({ baseURL: server.url, viewport, storageState });
  const page = await context.newPage();
  if (!storageState) {
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signing in lands on the studio's home.
    await page.waitForURL(/\/en$/);
    sessions.set(account.email, await context.storageState());
  }
  return { context, page };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const pk = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
};

async function createSchema() {
  await api('POST', '/api/collections', {
    collection: 'authors',
    meta: { icon: 'users', display_template: '{{name}} ({{email}})' },
    fields: [
      pk,
      { field: 'name', type: 'string', meta: { interface: 'input', sort: 1 } },
      { field: 'email', type: 'string', meta: { interface: 'input', sort: 2 } },
    ],
  });
  await api('POST', '/api/collections', {
    collection: 'tags',
    fields: [pk, { field: 'label', type: 'string', meta: { interface: 'input' } }],
  });
  await api('POST', '/api/collections', {
    collection: 'articles',
    meta: { icon: 'not-an-icon-at-all' },
    fields: [
      pk,
      {
        field: 'title',
        type: 'string',
        meta: {
          interface: 'input',
          sort: 1,
          translations: [{ language: 'de-DE', translation: 'Überschrift' }],
        },
      },
      {
        field: 'status',
        type: 'string',
        schema: { default_value: 'draft' },
        meta: {
          interface: 'select-dropdown',
          sort: 2,
          width: 'half',
          options: {
            choices: [
              { text: 'Draft', value: 'draft' },
              { text: 'Published', value: 'published' },
            ],
          },
        },
      },
      {
        field: 'date_created',
        type: 'timestamp',
        schema: { default_value: 'now()' },
        meta: { interface: 'datetime', sort: 3, width: 'half' },
      },
      { field: 'author', type: 'integer', meta: { interface: 'select-dropdown-m2o', sort: 4 } },
      {
        field: 'cover',
        type: 'uuid',
        meta: { interface: 'file-image', special: ['file'], sort: 5 },
      },
    ],
  });
  await api('POST', '/api/collections', {
    collection: 'articles_tags',
    meta: { hidden: true },
    fields: [pk, { field: 'articles_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
  });
  await api('POST', '/api/fields/articles', {
    field: 'tags',
    type: 'alias',
    meta: { interface: 'list-m2m', special: ['m2m'], sort: 6 },
  });
  await api('POST', '/api/fields/authors', {
    field: 'articles',
    type: 'alias',
    meta: { interface: 'list-o2m', special: ['o2m'], sort: 3 },
  });
  await api('POST', '/api/relations', {
    collection: 'articles',
    field: 'author',
    related_collection: 'authors',
    meta: { one_field: 'articles' },
  });
  await api('POST', '/api/relations', {
    collection: 'articles',
    field: 'cover',
    related_collection: 'daas_files',
  });
  await api('POST', '/api/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await api('POST', '/api/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { junction_field: 'articles_id' },
    schema: { on_delete: 'CASCADE' },
  });
}

async function uploadCover(): Promise<string> {
  const png = await sharp({
    create: { width: 160, height: 90, channels: 3, background: '#c2410c' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'spring-banner.png');
  const res = await fetch(`${server.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function seed() {
  await api('POST', '/api/items/authors', [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Grace Hopper', email: 'grace@example.com' },
  ]);
  for (let start = 0; start < ARTICLES_OF_ADA; start += 100) {
    await api(
      'POST',
      '/api/items/articles',
      Array.from({ length: 100 }, (_, i) => ({
        title: `Article ${String(start + i + 1).padStart(3, '0')}`,
        status: 'published',
        author: 1,
      })),
    );
  }
  coverId = await uploadCover();
  const covered = await api<{ data: { id: number } }>('POST', '/api/items/articles', {
    title: 'With a cover',
    author: 2,
    cover: coverId,
  });
  coveredArticle = covered.data.id;
  await api(
    'POST',
    '/api/items/tags',
    Array.from({ length: 30 }, (_, i) => ({ label: `tag ${String(i + 1).padStart(2, '0')}` })),
  );
  const tagged = await api<{ data: { id: number } }>('POST', '/api/items/articles', {
    title: 'Tagged widely',
    author: 2,
    tags: Array.from({ length: 30 }, (_, i) => ({ tags_id: i + 1 })),
  });
  taggedArticle = tagged.data.id;
}

async function createEditor() {
  const policy = await api<{ data: { id: string } }>('POST', '/api/policies', {
    name: 'Article editors',
    app_access: true,
  });
  for (const collection of ['articles', 'authors', 'tags', 'articles_tags']) {
    await api('POST', '/api/permissions', {
      policy: policy.data.id,
      collection,
      action: 'read',
      fields: ['*'],
    });
  }
  const role = await api<{ data: { id: string } }>('POST', '/api/roles', { name: 'Editor' });
  await api('POST', '/api/access', { role: role.data.id, policy: policy.data.id });
  const user = await api<{ data: { id: string } }>('POST', '/api/users', {
    ...EDITOR,
    role: role.data.id,
  });
  editorId = user.data.id;
}

function itemsRequest(page: Page, collection: string, test: (url: URL) => boolean = () => true) {
  return page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === `/api/items/${collection}` && r.method() === 'GET' && test(url);
  });
}

describe('studio item form and field editor', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    adminId = (await api<{ data: { id: string } }>('GET', '/api/users/me')).data.id;
    await createSchema();
    await seed();
    await createEditor();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('pages through an author’s several hundred articles with their count, and saves a removal', async () => {
    const { context, page } = await signedIn();
    const read = itemsRequest(
      page,
      'articles',
      (u) => u.searchParams.get('meta') === 'filter_count',
    );
    await page.goto('/en/content/authors/1');
    const request = new URL((await read).url());
    expect(request.searchParams.get('limit')).toBe('15');
    expect(JSON.parse(request.searchParams.get('filter') ?? 'null')).toEqual({
      author: { _eq: 1 },
    });
    const articles = page.getByRole('group', { name: 'Articles' });
    await articles.getByText(`${ARTICLES_OF_ADA} linked items`).waitFor();
    const pager = page.getByRole('navigation', { name: 'Pages of Articles' });
    await pager.getByText(`1–15 of ${ARTICLES_OF_ADA}`).waitFor();
    await articles.getByText('Article 001').waitFor();
    expect(await articles.getByRole('button', { name: /^Remove / }).count()).toBe(15);
    await shoot(page, 'form-o2m-1280');
    await pager.scrollIntoViewIfNeeded();
    await shoot(page, 'form-o2m-pager-1280');

    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText(`16–30 of ${ARTICLES_OF_ADA}`).waitFor();
    await articles.getByText('Article 016').waitFor();
    expect(await articles.getByText('Article 001').count()).toBe(0);
    await pager.getByRole('button', { name: 'Last page' }).click();
    await articles.getByText(`Article ${ARTICLES_OF_ADA}`).waitFor();

    await pager.getByRole('button', { name: 'First page' }).click();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await articles.getByRole('button', { name: 'Remove Article 017' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await articles.getByText(`${ARTICLES_OF_ADA - 1} linked items`).waitFor();
    const unlinked = await api<{ data: { author: number | null }[] }>(
      'GET',
      `/api/items/articles?filter=${encodeURIComponent(JSON.stringify({ title: { _eq: 'Article 017' } }))}&fields=author`,
    );
    expect(unlinked.data).toEqual([{ author: null }]);
    await context.close();
  });

  it('pages a many-to-many list too', async () => {
    const { context, page } = await signedIn();
    const read = itemsRequest(page, 'articles_tags');
    await page.goto(`/en/content/articles/${taggedArticle}`);
    const request = new URL((await read).url());
    expect(request.searchParams.get('meta')).toBe('filter_count');
    expect(JSON.parse(request.searchParams.get('filter') ?? 'null')).toEqual({
      articles_id: { _eq: taggedArticle },
    });
    const tags = page.getByRole('group', { name: 'Tags' });
    await tags.getByText('30 linked items').waitFor();
    const pager = page.getByRole('navigation', { name: 'Pages of Tags' });
    await pager.getByText('1–15 of 30').waitFor();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await tags.getByText('tag 16').waitFor();
    await context.close();
  });

  it('shows relational columns and values through the display template', async () => {
    const { context, page } = await signedIn();
    const read = itemsRequest(page, 'articles', (u) => u.searchParams.has('fields'));
    await page.goto('/en/content/articles?fields=id,title,author,author.name&limit=25');
    const fields = (new URL((await read).url()).searchParams.get('fields') ?? '').split(',');
    expect(fields).toEqual(expect.arrayContaining(['author.name', 'author.email', 'author.id']));
    expect(fields).not.toContain('author');
    const table = page.getByRole('table', { name: /Items of articles/ });
    await table.getByRole('cell', { name: 'Ada Lovelace (ada@example.com)' }).first().waitFor();
    await table.getByRole('columnheader', { name: 'Author', exact: true }).waitFor();
    await table.getByRole('columnheader', { name: 'Author › Name' }).waitFor();
    expect(await table.getByText('{"name"').count()).toBe(0);
    await shoot(page, 'browser-relational-1280');

    await page.goto(`/en/content/articles/${coveredArticle}`);
    await page
      .getByRole('group', { name: 'Author' })
      .getByText('Grace Hopper (grace@example.com)')
      .waitFor();
    await context.close();
  });

  it('inserts template tokens from a field picker, one hop through a many-to-one included', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/collections/articles');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const template = page.getByLabel('Display template');
    await template.fill('');
    await page.getByRole('button', { name: 'Insert field' }).click();
    await page
      .getByRole('list', { name: 'Fields', exact: true })
      .getByRole('button', { name: /^Title/ })
      .click();
    await expect.poll(() => template.inputValue()).toBe('{{title}}');
    await template.press('End');
    await template.pressSequentially(' by ');
    await page.getByRole('button', { name: 'Insert field' }).click();
    await page.getByRole('list', { name: 'Through Author' }).waitFor();
    await shoot(page, 'template-picker-1280');
    await page
      .getByRole('list', { name: 'Through Author' })
      .getByRole('button', { name: /author\.email/ })
      .click();
    await expect.poll(() => template.inputValue()).toBe('{{title}} by {{author.email}}');
    await context.close();
  });

  it('previews a linked image with its title, before and after a reload', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/en/content/articles/${coveredArticle}`);
    const cover = page.getByRole('group', { name: 'Cover' });
    const preview = cover.getByRole('img', { name: 'Preview of Spring Banner' });
    await preview.waitFor();
    await cover.getByText('Spring Banner').waitFor();
    expect(await cover.getByText('Linked file').count()).toBe(0);
    expect(await preview.getAttribute('src')).toMatch(
      new RegExp(`^/api/assets/${coverId}\\?width=`),
    );
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await shoot(page, 'form-image-1280');

    // A new upload shows its title straight away and keeps it once saved and read again.
    await page.goto('/en/content/articles/+');
    await page.getByLabel('Title', { exact: true }).fill('Fresh upload');
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#15803d' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Choose a file to upload for Cover')
      .setInputFiles({ name: 'green-square.png', mimeType: 'image/png', buffer: png });
    const fresh = page.getByRole('group', { name: 'Cover' });
    await fresh.getByRole('img', { name: 'Preview of Green Square' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/en\/content\/articles\/\d+$/);
    await page.reload();
    await page.getByRole('group', { name: 'Cover' }).getByText('Green Square').waitFor();
    await page
      .getByRole('group', { name: 'Cover' })
      .getByRole('img', { name: 'Preview of Green Square' })
      .waitFor();
    await context.close();
  });

  it('prefills literal defaults on a new item and leaves server-side ones to the database', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/articles/+');
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect.poll(() => status.textContent()).toBe('Draft');
    await page.getByText('Left empty: the database fills it in on save (now()).').waitFor();
    await shoot(page, 'form-new-1280');
    // Defaults alone are no unsaved change: leaving asks nothing.
    await page.getByRole('link', { name: 'Back to articles' }).click();
    await page.waitForURL(/\/en\/content\/articles$/);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await page.goto('/en/content/articles/+');
    await page.getByLabel('Title', { exact: true }).fill('Defaults kept');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/en\/content\/articles\/\d+$/);
    const saved = await api<{ data: { status: string; date_created: string | null }[] }>(
      'GET',
      `/api/items/articles?filter=${encodeURIComponent(JSON.stringify({ title: { _eq: 'Defaults kept' } }))}&fields=status,date_created`,
    );
    expect(saved.data[0].status).toBe('draft');
    expect(saved.data[0].date_created).not.toBeNull();
    await context.close();
  });

  it('labels fields by formatted name or translation, and shows collection icons', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/content/articles/+');
    await page.getByText('Date Created', { exact: true }).first().waitFor();
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.goto('/de/content/articles/+');
    await page.getByLabel('Überschrift', { exact: true }).waitFor();

    await page.goto('/en/content/articles?fields=id,title,date_created');
    await page.getByRole('columnheader', { name: 'Date Created' }).waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Date Created', exact: true }).waitFor();
    await page.getByRole('option', { name: 'Author › Email', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // An unknown icon name falls back to the default icon.
    await page.getByRole('heading', { level: 1 }).locator('svg[data-icon="fallback"]').waitFor();

    await page.goto('/en/content');
    const list = page.getByRole('list', { name: 'Collections' });
    await list.getByRole('link', { name: 'authors' }).locator('svg[data-icon="users"]').waitFor();
    await list
      .getByRole('link', { name: 'articles' })
      .locator('svg[data-icon="fallback"]')
      .waitFor();
    await list.getByRole('link', { name: 'authors' }).click();
    await page.getByRole('heading', { level: 1 }).locator('svg[data-icon="users"]').waitFor();
    await context.close();
  });

  it('switches an existing field to a compatible interface and keeps file fields on files', async () => {
    const { context, page } = await signedIn();
    await page.goto('/en/collections/articles');
    await page.getByRole('button', { name: 'Edit status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit status' });
    await dialog.getByRole('combobox', { name: 'Interface' }).click();
    // Only interfaces for a string column: no toggle, no relation.
    expect(await page.getByRole('option', { name: 'Toggle' }).count()).toBe(0);
    expect(await page.getByRole('option', { name: 'Many to One' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Radio Buttons' }).click();
    await dialog.getByLabel('Label of choice 1').waitFor();
    await shoot(page, 'field-editor-1280');
    await dialog.getByRole('button', { name: 'Save field' }).click();
    await dialog.waitFor({ state: 'detached' });
    const status = await api<{ data: { meta: { interface: string; options: unknown } } }>(
      'GET',
      '/api/fields/articles/status',
    );
    expect(status.data.meta.interface).toBe('select-radio');
    expect(status.data.meta.options).toEqual({
      choices: [
        { text: 'Draft', value: 'draft' },
        { text: 'Published', value: 'published' },
      ],
    });
    await page.goto('/en/content/articles/+');
    await expect.poll(() => page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);

    await page.goto('/en/collections/articles');
    // Hold the file library's fields back: until they arrive the plan has no key type, so
    // the button must wait rather than take a click that does nothing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/fields/daas_files', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Image', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByText('Links to the file library (daas_files).').waitFor();
    expect(await form.getByRole('combobox', { name: 'Related collection' }).count()).toBe(0);
    await form.getByLabel('Field name').fill('photo');
    const setUp = form.getByRole('button', { name: 'Set up relation' });
    expect(await setUp.isDisabled()).toBe(true);
    expect(await setUp.getAttribute('aria-busy')).toBe('true');
    release();
    await setUp.click();
    await form.waitFor({ state: 'detached' });
    const relations = await api<{
      data: { collection: string; field: string; related_collection: string }[];
    }>('GET', '/api/relations/articles');
    expect(relations.data.find((r) => r.field === 'photo')?.related_collection).toBe('daas_files');
    const photo = await api<{ data: { meta: { interface: string } } }>(
      'GET',
      '/api/fields/articles/photo',
    );
    expect(photo.data.meta.interface).toBe('file-image');
    await context.close();
  });

  it('keeps each user’s own view of a collection and restores it without URL parameters', async () => {
    // Earlier tests opened articles with views of their own: start this user from scratch.
    const mine = JSON.stringify({ user: { _eq: adminId }, collection: { _eq: 'articles' } });
    const earlier = await api<{ data: { id: number }[] }>(
      'GET',
      `/api/presets?filter=${encodeURIComponent(mine)}`,
    );
    for (const p of earlier.data) await api('DELETE', `/api/presets/${p.id}`);
    const { context, page } = await signedIn();
    await page.goto('/en/content/articles');
    await page.getByRole('cell', { name: 'Article 001' }).waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/presets') && ['POST', 'PATCH'].includes(r.request().method()),
    );
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Author › Name' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Author › Name' }).waitFor();
    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button').first().click();
    await expect.poll(() => page.url()).toMatch(/sort=title/);
    await saved;
    await expect
      .poll(async () => {
        const res = await api<{ data: { bookmark: string | null; layout_query: unknown }[] }>(
          'GET',
          `/api/presets?filter=${encodeURIComponent(mine)}`,
        );
        return res.data;
      })
      .toEqual([
        expect.objectContaining({
          bookmark: null,
          layout_query: {
            tabular: expect.objectContaining({
              fields: expect.arrayContaining(['author.name']),
              sort: ['title'],
            }),
          },
        }),
      ]);

    await page
      .getByRole('navigation', { name: 'Studio navigation' })
      .getByRole('link', { name: 'Files' })
      .click();
    await page.waitForURL(/\/en\/files/);
    await page
      .getByRole('navigation', { name: 'Studio navigation' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page
      .getByRole('list', { name: 'Collections' })
      .getByRole('link', { name: 'articles' })
      .click();
    await page.getByRole('columnheader', { name: 'Author › Name' }).waitFor();
    await expect.poll(() => page.url()).toMatch(/sort=title/);
    await context.close();

    const other = await signedIn(EDITOR);
    await other.page.goto('/en/content/articles');
    await other.page.getByRole('cell', { name: 'Article 001' }).waitFor();
    expect(await other.page.getByRole('columnheader', { name: 'Author › Name' }).count()).toBe(0);
    expect(other.page.url()).not.toMatch(/sort=/);
    const own = await api<{ data: unknown[] }>(
      'GET',
      `/api/presets?filter=${encodeURIComponent(JSON.stringify({ user: { _eq: editorId } }))}`,
    );
    expect(own.data).toEqual([]);
    await other.context.close();
  });

  it('looks right at phone width', async () => {
    const phone = { width: 390, height: 844 };
    const { context, page } = await signedIn(undefined, phone);
    await page.goto('/en/content/authors/1');
    await page.getByRole('group', { name: 'Articles' }).getByText('Article 001').waitFor();
    await shoot(page, 'form-o2m-390');
    await page.getByRole('navigation', { name: 'Pages of Articles' }).scrollIntoViewIfNeeded();
    await shoot(page, 'form-o2m-pager-390');
    await page.goto(`/en/content/articles/${coveredArticle}`);
    await page.getByRole('group', { name: 'Cover' }).getByRole('img').waitFor();
    await shoot(page, 'form-image-390');
    await page.goto('/en/content/articles/+');
    await page.getByLabel('Title', { exact: true }).waitFor();
    await shoot(page, 'form-new-390');
    await page.goto('/en/content/articles?fields=id,title,author&limit=25');
    await page.getByRole('cell', { name: 'Ada Lovelace (ada@example.com)' }).first().waitFor();
    await shoot(page, 'browser-relational-390');
    await page.goto('/en/collections/articles');
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page
      .getByRole('dialog', { name: 'Edit title' })
      .getByRole('combobox', { name: 'Interface' })
      .waitFor();
    await shoot(page, 'field-editor-390');
    await context.close();
  });
});
