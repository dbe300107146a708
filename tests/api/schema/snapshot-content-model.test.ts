import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { buildContentModel } from '../../fixtures/content-model-schema';
import { createTokenUser } from '../../helpers/token-users';
import { caller, schemaCalls, withoutTimestamp } from '../../fixtures/snapshot-schema';

const app = setupTestApp();
const call = caller(app, () => app.adminToken());
const { snapshot, diff, apply } = schemaCalls(app);

interface Snap {
  fields: { collection: string; field: string; meta: Record<string, unknown> | null }[];
  relations: {
    collection: string;
    field: string;
    related_collection: string | null;
    schema: unknown;
    meta: Record<string, unknown> | null;
  }[];
}

describe('snapshot of a content model', () => {
  it('carries translations, many-to-any relations and conditions', async () => {
    const m = await buildContentModel(call);
    const s: Snap = await snapshot();
    const field = (c: string, f: string) =>
      s.fields.find((x) => x.collection === c && x.field === f);
    expect(field(m.articles, 'translations')?.meta).toMatchObject({ special: ['translations'] });
    expect(field(m.pages, 'blocks')?.meta).toMatchObject({ special: ['m2a'] });
    expect(field(m.articles, 'published_on')?.meta?.conditions).toEqual([
      { name: 'Published', rule: { status: { _eq: 'published' } }, required: true },
    ]);
    const any = s.relations.find((r) => r.collection === m.blocks && r.field === 'item');
    expect(any).toMatchObject({
      related_collection: null,
      schema: null,
      meta: { one_allowed_collections: [m.headings, m.images], one_collection_field: 'collection' },
    });
  });

  it('applies it back after the collections are dropped, and snapshots the same', async () => {
    const m = await buildContentModel(call, 'cmr');
    const before = await snapshot();
    for (const name of m.all) await call('DELETE', `/api/collections/${name}`);
    const d = await diff(before);
    expect(d.collections.length).toBe(m.all.length);
    const res = await apply(d);
    expect(res.status, res.text).toBe(204);
    expect(withoutTimestamp(await snapshot())).toEqual(withoutTimestamp(before));
    const again = await diff(before);
    expect(again.collections.length + again.fields.length + again.relations.length).toBe(0);
  });

  it('reads and writes the applied model', async () => {
    const m = await buildContentModel(call, 'cmw');
    const before = await snapshot();
    for (const name of m.all) await call('DELETE', `/api/collections/${name}`);
    expect((await apply(await diff(before))).status).toBe(204);
    await call('POST', `/api/items/${m.languages}`, { code: 'de', name: 'Deutsch' });
    const token = await app.adminToken();
    const article = await app.request(`/api/items/${m.articles}`, {
      method: 'POST',
      token,
      body: {
        status: 'published',
        translations: [{ [`${m.languages}_code`]: 'de', title: 'Hallo' }],
      },
    });
    expect(article.status).toBe(400);
    expect(article.body.extensions).toMatchObject({ field: 'published_on' });
    const page = await app.request(`/api/items/${m.pages}`, {
      method: 'POST',
      token,
      body: { title: 'P', blocks: [{ collection: m.headings, item: { title: 'H' } }] },
    });
    expect(page.status).toBe(201);
    const read = await app.request(
      `/api/items/${m.pages}/${page.body.data.id}?fields=blocks.item:${m.headings}.title`,
      { token },
    );
    expect(read.body.data.blocks).toEqual([{ item: { title: 'H' } }]);
  });

  it('refuses a snapshot, diff or apply to a non-admin and an anonymous caller', async () => {
    const res = await app.request('/api/schema/snapshot');
    expect(res.status).toBe(401);
    const user = await createTokenUser({ permissions: [{ collection: 'x', action: 'read' }] });
    const snap = await app.request('/api/schema/snapshot', { token: user.token });
    expect(snap.status).toBe(403);
    const applied = await app.request('/api/schema/apply', {
      method: 'POST',
      token: user.token,
      body: { hash: 'x', diff: { collections: [], fields: [], relations: [] } },
    });
    expect(applied.status).toBe(403);
  });
});
