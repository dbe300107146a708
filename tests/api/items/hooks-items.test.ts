import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { count, defineSchema, rows } from './write-fixture';
import type { HookMeta } from '@/lib/events/emitter';

const app = setupTestApp();
let token: string;
const off: (() => void)[] = [];

async function hooks() {
  return (await import('@/lib/events/emitter')).emitter();
}

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [`create table hk_articles (id serial primary key, title text, slug text)`],
  });
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

function waitForAction(event: string): Promise<HookMeta> {
  return hooks().then(
    (e) =>
      new Promise((resolve) => {
        off.push(e.onAction(event, (meta) => resolve(meta)));
      }),
  );
}

describe('filter hooks on item writes', () => {
  it('A filter hook that throws turns a create into a 400 with nothing written', async () => {
    off.push(
      (await hooks()).onFilter('hk_articles.items.create', () => {
        throw new Error('Titles must not shout');
      }),
    );
    const before = await count('hk_articles');
    const res = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'LOUD' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Titles must not shout', code: 'INVALID_PAYLOAD' });
    expect(await count('hk_articles')).toBe(before);
    expect(
      (await rows('daas_activity')).filter((a) => a.collection === 'hk_articles'),
    ).toHaveLength(0);
  });

  it('a filter hook may change the payload before it is written', async () => {
    off.push(
      (await hooks()).onFilter('items.create', (payload, meta) => {
        if (meta.collection !== 'hk_articles') return payload;
        const p = payload as { title: string };
        return { ...p, slug: p.title.toLowerCase().replace(/\s+/g, '-') };
      }),
    );
    const res = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'Hello World' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Hello World', slug: 'hello-world' });
  });

  it('an update filter hook sees the keys and a delete filter hook receives them as payload', async () => {
    const made = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'k' },
    });
    const id = made.body.data.id;
    const seen: unknown[] = [];
    const e = await hooks();
    off.push(e.onFilter('hk_articles.items.update', (p, meta) => (seen.push(meta.keys), p)));
    off.push(e.onFilter('hk_articles.items.delete', (p) => (seen.push(p), p)));
    await app.request(`/api/items/hk_articles/${id}`, {
      method: 'PATCH',
      token,
      body: { title: 'k2' },
    });
    await app.request(`/api/items/hk_articles/${id}`, { method: 'DELETE', token });
    expect(seen).toEqual([[id], [id]]);
  });
});

describe('action hooks on item writes', () => {
  it('an action hook sees the created key after the commit', async () => {
    const seen = waitForAction('hk_articles.items.create');
    const res = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'Announced' },
    });
    expect(res.status).toBe(201);
    const meta = await seen;
    expect(meta).toMatchObject({ collection: 'hk_articles', key: res.body.data.id });
    expect((await rows('hk_articles')).some((r) => r.id === meta.key)).toBe(true);
  });

  // Specification, Events: "Action handler receives (meta, context) ...; meta includes
  // collection, key, payload."
  it('an action hook of a single-item update and delete gets collection, key and payload', async () => {
    const created = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'Keyed' },
    });
    const id = created.body.data.id;
    const updated = waitForAction('hk_articles.items.update');
    await app.request(`/api/items/hk_articles/${id}`, {
      method: 'PATCH',
      token,
      body: { title: 'Keyed again' },
    });
    expect(await updated).toMatchObject({
      collection: 'hk_articles',
      key: id,
      keys: [id],
      payload: { title: 'Keyed again' },
    });
    const deleted = waitForAction('hk_articles.items.delete');
    await app.request(`/api/items/hk_articles/${id}`, { method: 'DELETE', token });
    expect(await deleted).toMatchObject({ collection: 'hk_articles', key: id, keys: [id] });
  });

  it('an action hook of a batch update gets the keys without a single key', async () => {
    const a = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'batch-a', slug: 'hk-batch' },
    });
    const b = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'batch-b', slug: 'hk-batch' },
    });
    const updated = waitForAction('hk_articles.items.update');
    await app.request('/api/items/hk_articles?filter[slug][_eq]=hk-batch', {
      method: 'PATCH',
      token,
      body: { title: 'batched' },
    });
    const meta = await updated;
    expect(meta.keys).toEqual([a.body.data.id, b.body.data.id]);
    expect(meta).not.toHaveProperty('key');
  });

  it('a failing action hook does not change the response', async () => {
    off.push(
      (await hooks()).onAction('items.update', () => {
        throw new Error('side effect failed');
      }),
    );
    const made = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: { title: 'a' },
    });
    const res = await app.request(`/api/items/hk_articles/${made.body.data.id}`, {
      method: 'PATCH',
      token,
      body: { title: 'b' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('b');
  });

  it('no action hook fires for a write that was rolled back', async () => {
    let fired = false;
    off.push(
      (await hooks()).onAction('hk_articles.items.create', () => {
        fired = true;
      }),
    );
    const res = await app.request('/api/items/hk_articles', {
      method: 'POST',
      token,
      body: [{ title: 'ok' }, { nope: 1 }],
    });
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toBe(false);
  });
});
