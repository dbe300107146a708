import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import {
  buildRichSchema,
  caller,
  schemaCalls,
  withoutTimestamp,
} from '../../fixtures/snapshot-schema';

const app = setupTestApp();
const call = caller(app, () => app.adminToken());

const { snapshot, diff, apply } = schemaCalls(app);

const changes = (d: { collections: unknown[]; fields: unknown[]; relations: unknown[] }) =>
  d.collections.length + d.fields.length + d.relations.length;

describe('snapshot, diff and apply round trip', () => {
  it('recreates dropped collections exactly as they were snapshotted', async () => {
    const schema = await buildRichSchema(call);
    const before = await snapshot();
    expect(before.collections.map((c: { collection: string }) => c.collection)).toEqual(
      expect.arrayContaining(schema.all),
    );
    for (const name of [schema.junction, schema.posts, schema.authors, schema.tags]) {
      await call('DELETE', `/api/collections/${name}`);
    }
    const d = await diff(before);
    expect(d.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.collections).toHaveLength(4);
    expect(d.collections[0].diff[0]).toMatchObject({ kind: 'N' });
    const res = await apply(d);
    expect(res.status, res.text).toBe(204);
    const after = await snapshot();
    expect(withoutTimestamp(after)).toEqual(withoutTimestamp(before));
  });

  it('gives byte-identical snapshots of one schema apart from the timestamp', async () => {
    const a = await app.request('/api/schema/snapshot', { token: await app.adminToken() });
    const b = await app.request('/api/schema/snapshot', { token: await app.adminToken() });
    const strip = (t: string) => t.replace(/"timestamp":"[^"]+"/, '');
    expect(strip(a.text)).toBe(strip(b.text));
  });

  it('finds no changes when the applied snapshot is diffed again', async () => {
    const schema = await buildRichSchema(call, 'idem');
    const before = await snapshot();
    await call('DELETE', `/api/collections/${schema.junction}`);
    await call('PATCH', `/api/collections/${schema.authors}`, { meta: { note: 'changed' } });
    const d = await diff(before);
    expect(changes(d)).toBeGreaterThan(0);
    expect((await apply(d)).status).toBe(204);
    const again = await diff(before);
    expect(changes(again)).toBe(0);
  });

  it('never lists system collections in a snapshot', async () => {
    const s = await snapshot();
    const names = [
      ...s.collections.map((c: { collection: string }) => c.collection),
      ...s.fields.map((f: { collection: string }) => f.collection),
      ...s.relations.map((r: { collection: string }) => r.collection),
    ];
    expect(names.filter((n: string) => n.startsWith('daas_'))).toEqual([]);
    expect(s).toMatchObject({ version: 1, vendor: 'postgres', schema: 'public' });
    expect(typeof s.directus).toBe('string');
    expect(s.directus_collections).toEqual(s.collections);
    expect(s.directus_fields).toEqual(s.fields);
    expect(s.directus_relations).toEqual(s.relations);
  });
});
