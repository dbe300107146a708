import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { startServer, type StartedServer } from '../helpers/server';
import { apiAs, expectAccessible, shot, signInAsAdmin } from '../helpers/studio-session';

const SHOTS = path.join(os.tmpdir(), 'studio-kanban-shots');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const people: Record<string, number> = {};
const tasks: Record<string, number> = {};

const api = <T = unknown>(url: string, init?: { method?: string; body?: unknown }) =>
  apiAs<T>(context, `${server.url}${url}`, init);
const task = (name: string) =>
  api<{ owner: number | null; status: string }>(`/api/items/tasks/${tasks[name]}`);
const board = (options: unknown, layout = 'kanban') =>
  `/en/content/tasks?layout=${layout}&options=${encodeURIComponent(JSON.stringify(options))}`;

describe('kanban columns from a relation and through a workflow', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await signInAsAdmin(page);
    const id = {
      field: 'id',
      type: 'integer',
      schema: { is_primary_key: true, has_auto_increment: true },
    };
    await api('/api/collections', {
      method: 'POST',
      body: {
        collection: 'people',
        meta: { display_template: '{{name}}' },
        fields: [id, { field: 'name', type: 'string' }],
      },
    });
    const choices = ['draft', 'review', 'published'].map((value) => ({
      value,
      text: value[0].toUpperCase() + value.slice(1),
    }));
    await api('/api/collections', {
      method: 'POST',
      body: {
        collection: 'tasks',
        meta: { display_template: '{{title}}', sort_field: 'sort' },
        fields: [
          id,
          { field: 'title', type: 'string' },
          { field: 'sort', type: 'integer' },
          { field: 'due', type: 'date', meta: { interface: 'datetime' } },
          {
            field: 'status',
            type: 'string',
            meta: { interface: 'select-dropdown', options: { choices } },
          },
          { field: 'owner', type: 'integer', meta: { interface: 'select-dropdown-m2o' } },
        ],
      },
    });
    await api('/api/relations', {
      method: 'POST',
      body: { collection: 'tasks', field: 'owner', related_collection: 'people' },
    });
    for (const name of ['Ada', 'Grace']) {
      people[name] = (
        await api<{ id: number }>('/api/items/people', { method: 'POST', body: { name } })
      ).id;
    }
    const rows = [
      { title: 'Write spec', owner: people.Ada, sort: 2, due: '2026-03-03' },
      { title: 'Review spec', owner: people.Ada, sort: 1, due: '2026-03-04' },
      { title: 'Ship', owner: people.Grace, sort: 1, due: '2026-03-10' },
      { title: 'Unowned', owner: null, sort: 1, due: '2026-03-12' },
    ];
    for (const row of rows) {
      const made = await api<{ id: number }>('/api/items/tasks', {
        method: 'POST',
        body: { ...row, status: 'draft' },
      });
      tasks[row.title] = made.id;
    }
    const definition = await api<{ id: string }>('/api/workflows', {
      method: 'POST',
      body: {
        name: 'Editorial',
        states: [
          { key: 'draft', name: 'Draft', initial: true },
          { key: 'review', name: 'Review' },
          { key: 'published', name: 'Published', final: true },
        ],
        commands: [
          { key: 'submit', name: 'Submit', from: ['draft'], to: 'review' },
          { key: 'publish', name: 'Publish', from: ['review'], to: 'published' },
        ],
      },
    });
    await api('/api/workflow-assignments', {
      method: 'POST',
      body: { definition: definition.id, collection: 'tasks', state_field: 'status' },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('makes a column of each related item, orders cards by the sort field and moves a card to another person', async () => {
    await page.goto(board({ kanban: { groupField: 'owner' } }));
    const columns = page.getByRole('region', { name: 'tasks on a board' });
    const ada = columns.getByRole('region', { name: 'Ada' });
    const grace = columns.getByRole('region', { name: 'Grace' });
    const none = columns.getByRole('region', { name: 'No value' });
    await ada.getByRole('link', { name: 'Write spec' }).waitFor();
    expect(await ada.getByRole('link').allInnerTexts()).toEqual(['Review spec', 'Write spec']);
    expect(await none.getByRole('link').allInnerTexts()).toEqual(['Unowned']);
    await shot(page, SHOTS, 'kanban-owner-1280');
    await expectAccessible(page);

    await grace.getByRole('link', { name: 'Ship' }).dragTo(ada);
    await page.getByText('Moved to Ada').waitFor();
    expect((await task('Ship')).owner).toBe(people.Ada);

    // By keyboard: Alt+Left moves a card one column back, to the items that link to none.
    await ada.getByRole('link', { name: 'Write spec' }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(async () => (await task('Write spec')).owner).toBeNull();
    await none.getByRole('link', { name: 'Write spec' }).waitFor();
  });

  it("moves a card by the workflow's command when the columns are its state, and refuses a move no command makes", async () => {
    await page.goto(board({ kanban: { groupField: 'status' } }));
    const columns = page.getByRole('region', { name: 'tasks on a board' });
    const draft = columns.getByRole('region', { name: 'Draft' });
    await draft.getByRole('link', { name: 'Ship' }).waitFor();
    // On a loaded machine the board may still be refetching (the test before changed its
    // items); a drag over a board that re-renders mid-way drops nowhere.
    await page.waitForLoadState('networkidle');

    await draft
      .getByRole('link', { name: 'Ship' })
      .dragTo(columns.getByRole('region', { name: 'Review' }));
    await page.getByText('Moved to Review').waitFor();
    expect((await task('Ship')).status).toBe('review');
    const flows = await api<{ state: string; instance: string | null }[]>(
      `/api/workflow/state?collection=tasks&item=${tasks.Ship}`,
    );
    // The command ran: the workflow now has the item, in the state the board shows.
    expect(flows[0]).toMatchObject({ state: 'review' });
    expect(flows[0].instance).not.toBeNull();

    await draft
      .getByRole('link', { name: 'Review spec' })
      .dragTo(columns.getByRole('region', { name: 'Published' }));
    await page.getByText('No workflow command you may run moves this item to Published.').waitFor();
    expect((await task('Review spec')).status).toBe('draft');
    await draft.getByRole('link', { name: 'Review spec' }).waitFor();
    await shot(page, SHOTS, 'kanban-workflow-1280');
  });

  it('passes the accessibility check at 390 px in every layout', async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    const views: [string, string, unknown][] = [
      ['tabular', 'table', {}],
      ['cards', 'cards', {}],
      ['calendar', 'calendar', { calendar: { date: '2026-03-01' } }],
      ['kanban', 'kanban', { kanban: { groupField: 'owner' } }],
    ];
    for (const [layout, name, options] of views) {
      await small.goto(board(options, layout));
      await small.getByText('Unowned').first().waitFor();
      await expectAccessible(small);
      await shot(small, SHOTS, `${name}-390`);
    }
    await phone.close();
  });
});
