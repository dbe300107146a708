import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';
import { caller, schemaCalls } from '../../fixtures/snapshot-schema';

const app = setupTestApp();
const call = caller(app, () => app.adminToken());
let user: TokenUser;

beforeAll(async () => {
  user = await createTokenUser();
});

const uid = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
const fixture = JSON.parse(
  fs.readFileSync(
    path.join(import.meta.dirname, '../../fixtures/directus-11-snapshot.json'),
    'utf8',
  ),
);

const { snapshot } = schemaCalls(app);

async function diff(body: unknown, query = '') {
  return app.request(`/api/schema/diff${query}`, {
    method: 'POST',
    body,
    token: await app.adminToken(),
  });
}

async function collectionWithField() {
  const name = uid('df');
  await call('POST', '/api/collections', {
    collection: name,
    fields: [{ field: 'title', type: 'string', meta: { note: 'before' } }],
  });
  return name;
}

type Named = { collection: string; field?: string; diff: { kind: string }[] };
const find = (list: Named[], collection: string, field?: string) =>
  list.find((i) => i.collection === collection && (field === undefined || i.field === field));

describe('POST /api/schema/diff', () => {
  it('lists a new collection as N with the snapshot state in rhs', async () => {
    const name = await collectionWithField();
    const s = await snapshot();
    await call('DELETE', `/api/collections/${name}`);
    const res = await diff(s);
    expect(res.status).toBe(200);
    expect(find(res.body.data.collections, name)?.diff).toEqual([
      { kind: 'N', rhs: expect.objectContaining({ collection: name, schema: { name } }) },
    ]);
    expect(find(res.body.data.fields, name, 'title')?.diff[0]).toMatchObject({ kind: 'N' });
  });

  it('lists an edited metadata value as E with path, current lhs and snapshot rhs', async () => {
    const name = await collectionWithField();
    const s = await snapshot();
    await call('PATCH', `/api/fields/${name}/title`, { meta: { note: 'after' } });
    const res = await diff({ snapshot: s });
    expect(find(res.body.data.fields, name, 'title')?.diff).toEqual([
      { kind: 'E', path: ['meta', 'note'], lhs: 'after', rhs: 'before' },
    ]);
  });

  it('treats metadata missing from the snapshot as no change', async () => {
    const name = await collectionWithField();
    const s = await snapshot();
    await call('PATCH', `/api/fields/${name}/title`, { meta: { note: 'after' } });
    for (const f of s.fields) if (f.collection === name) f.meta = null;
    const res = await diff({ data: s });
    expect(find(res.body.data.fields, name, 'title')).toBeUndefined();
  });

  it('mirror deletes what the snapshot lacks; merge never deletes', async () => {
    const kept = await collectionWithField();
    const s = await snapshot();
    const extra = await collectionWithField();
    await call('POST', `/api/fields/${kept}`, { field: 'added', type: 'integer' });

    const merge = await diff(s);
    expect(merge.status).toBe(200);
    const kinds = (d: { collections: Named[]; fields: Named[]; relations: Named[] }) =>
      [...d.collections, ...d.fields, ...d.relations].flatMap((i) => i.diff.map((e) => e.kind));
    expect(kinds(merge.body.data)).not.toContain('D');

    const mirror = await diff(s, '?mode=mirror');
    expect(find(mirror.body.data.collections, extra)?.diff[0]).toMatchObject({ kind: 'D' });
    expect(find(mirror.body.data.fields, kept, 'added')?.diff[0]).toMatchObject({
      kind: 'D',
      lhs: expect.objectContaining({ field: 'added' }),
    });

    const applied = await app.request('/api/schema/apply', {
      method: 'POST',
      body: mirror.body.data,
      token: await app.adminToken(),
    });
    expect(applied.status, applied.text).toBe(204);
    const after = await snapshot();
    const names = after.collections.map((c: { collection: string }) => c.collection);
    expect(names).toContain(kept);
    expect(names).not.toContain(extra);
    expect(find(after.fields, kept, 'added')).toBeUndefined();
  });

  it('a scoped snapshot never deletes collections, only fields inside its collections', async () => {
    const scoped = await collectionWithField();
    const other = await collectionWithField();
    const s = await snapshot(`?includeCollections=${scoped}`);
    expect(s.version).toBe(2);
    expect(s.collections.map((c: { collection: string }) => c.collection)).toEqual([scoped]);
    await call('POST', `/api/fields/${scoped}`, { field: 'added', type: 'integer' });
    await call('POST', `/api/fields/${other}`, { field: 'added', type: 'integer' });
    const res = await diff(s, '?mode=mirror');
    expect(res.body.data.collections).toEqual([]);
    expect(find(res.body.data.fields, scoped, 'added')?.diff[0]).toMatchObject({ kind: 'D' });
    expect(find(res.body.data.fields, other, 'added')).toBeUndefined();
  });

  it('excludeCollections leaves the named collections out and yields version 2', async () => {
    const name = await collectionWithField();
    const s = await snapshot(`?excludeCollections=${name},nothing`);
    expect(s.version).toBe(2);
    expect(s.collections.map((c: { collection: string }) => c.collection)).not.toContain(name);
    expect(s.fields.map((f: { collection: string }) => f.collection)).not.toContain(name);
  });

  it('never deletes a scope field, even in mirror mode', async () => {
    const name = await collectionWithField();
    const s = await snapshot();
    const { getDb } = await import('@/lib/db/client');
    const idType = await sql<{ t: string }>`
      select format_type(atttypid, atttypmod) as t from pg_attribute
      where attrelid = 'daas_scope_items'::regclass and attname = 'id'`.execute(getDb());
    await sql
      .raw(
        `alter table ${name} add column scope ${idType.rows[0].t} references daas_scope_items(id)`,
      )
      .execute(getDb());
    (await import('@/lib/schema/overview')).invalidateSchema();
    const res = await diff(s, '?mode=mirror');
    expect(res.status).toBe(200);
    expect(find(res.body.data.fields, name, 'scope')).toBeUndefined();
    expect(find(res.body.data.relations, name, 'scope')).toBeUndefined();
  });

  it('gives a 64-hex hash that changes with the schema', async () => {
    const s = await snapshot();
    const first = (await diff(s)).body.data.hash;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await diff(s)).body.data.hash).toBe(first);
    await collectionWithField();
    expect((await diff(s)).body.data.hash).not.toBe(first);
  });

  it('answers 400 for a snapshot of another vendor unless force=true', async () => {
    const refused = await diff(fixture);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toContain('"mysql"');
    expect(refused.body.errors[0].message).toContain('force=true');
    const forced = await diff(fixture, '?force=true');
    expect(forced.status).toBe(200);
    const data = forced.body.data;
    expect(find(data.collections, 'd11_articles')?.diff[0]).toMatchObject({ kind: 'N' });
    expect(find(data.fields, 'd11_articles', 'title')?.diff[0]).toMatchObject({ kind: 'N' });
    expect(find(data.relations, 'd11_articles', 'author')?.diff[0]).toMatchObject({ kind: 'N' });
    expect(find(data.collections, 'directus_dashboards')).toBeUndefined();
  });

  // "force: 'true' skips the vendor check; otherwise the snapshot vendor must be the
  // connected engine's value": no vendor is not the connected engine's value.
  it('answers 400 for a snapshot without vendor unless force=true', async () => {
    const { vendor, ...bare } = await snapshot();
    expect(vendor).toBe('postgres');
    const refused = await diff(bare);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toContain('force=true');
    const forced = await diff(bare, '?force=true');
    expect(forced.status).toBe(200);
    expect(forced.body.data.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns the legacy diff for a snapshot of only tables, columns and foreign keys', async () => {
    const name = await collectionWithField();
    const res = await diff({
      tables: [
        { table_name: 'legacy_new', table_type: 'BASE TABLE' },
        { table_name: name, table_type: 'BASE TABLE' },
      ],
      columns: [
        { table_name: name, column_name: 'id', data_type: 'integer' },
        { table_name: name, column_name: 'title', data_type: 'text', is_nullable: 'NO' },
        { table_name: 'legacy_new', column_name: 'x', data_type: 'integer', is_nullable: 'NO' },
      ],
      foreign_keys: [{ constraint_name: 'legacy_fk', table_name: 'legacy_new', column_name: 'x' }],
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.tables.added).toEqual([{ table_name: 'legacy_new', table_type: 'BASE TABLE' }]);
    expect(d.columns.added).toEqual([
      { table_name: 'legacy_new', column_name: 'x', data_type: 'integer', is_nullable: 'NO' },
    ]);
    expect(d.columns.changed).toEqual([
      {
        key: `${name}.title`,
        current: { data_type: 'character varying', is_nullable: 'YES', column_default: null },
        snapshot: { data_type: 'text', is_nullable: 'NO', column_default: null },
      },
    ]);
    expect(d.foreign_keys.added).toEqual([
      { constraint_name: 'legacy_fk', table_name: 'legacy_new', column_name: 'x' },
    ]);
    expect(Array.isArray(d.tables.removed)).toBe(true);
    expect(Array.isArray(d.columns.removed)).toBe(true);
  });

  it('answers 400 when collections, fields or relations is not an array', async () => {
    const s = await snapshot();
    for (const key of ['collections', 'fields', 'relations']) {
      const res = await diff({ ...s, [key]: {} });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toContain(`"${key}" must be an array`);
    }
  });

  it('answers 400 for a mode other than merge or mirror', async () => {
    const res = await diff(await snapshot(), '?mode=replace');
    expect(res.status).toBe(400);
  });
});

describe('schema endpoints are for administrators', () => {
  const endpoints: [string, string, unknown][] = [
    ['GET', '/api/schema/snapshot', undefined],
    ['POST', '/api/schema/diff', { collections: [], fields: [], relations: [] }],
    [
      'POST',
      '/api/schema/apply',
      { hash: 'a'.repeat(64), collections: [], fields: [], relations: [] },
    ],
  ];
  it.each(endpoints)('%s %s answers 401 to an anonymous caller', async (method, url, body) => {
    const res = await app.request(url, { method, body });
    expect(res.status).toBe(401);
  });
  it.each(endpoints)('%s %s answers 403 to a non-admin', async (method, url, body) => {
    const res = await app.request(url, { method, body, token: user.token });
    expect(res.status).toBe(403);
  });
});
