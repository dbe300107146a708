import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';
import { defineSchema } from './write-fixture';

const app = setupTestApp();
let admin: TokenUser;
const off: (() => void)[] = [];

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await createItemsFixture();
  await defineSchema({
    sql: [
      `create table jt_values (id serial primary key, label text, at timestamptz, day date,
        big bigint, amount numeric(12,3), ratio double precision, flag boolean, doc json, docb jsonb)`,
      `insert into jt_values (label, at, day, big, amount, ratio, flag, doc, docb) values
        ('plain', '2026-01-02T03:04:05.678Z', '2026-01-02', 42, 12.5, 0.1, true,
         '{"a": [1, 2]}', '{"b": {"c": null}}'),
        (E'quote " backslash \\\\ tab \\t é ✓', null, null, 9007199254740993, -0.001, 1e20,
         false, '[]', '"text"'),
        (null, null, null, null, null, null, null, null, null)`,
    ],
  });
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

const get = (path: string) => app.request(path, { token: admin.token });

async function eachByKey(collection: string, ids: unknown[], query: string) {
  const items: unknown[] = [];
  for (const id of ids) {
    const res = await get(`/api/items/${collection}/${String(id)}?${query}`);
    expect(res.status).toBe(200);
    items.push(res.body.data);
  }
  return items;
}

describe('list items answered from the database JSON text', () => {
  it('gives every value as the read by key gives it', async () => {
    const list = await get('/api/items/jt_values?sort=id');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 3, total_estimated: false });
    const ids = (list.body.data as { id: number }[]).map((r) => r.id);
    expect(list.body.data).toEqual(await eachByKey('jt_values', ids, ''));
    expect(list.body.data[0]).toMatchObject({
      at: '2026-01-02T03:04:05.678Z',
      day: '2026-01-02',
      big: 42,
      amount: '12.500',
      doc: { a: [1, 2] },
      docb: { b: { c: null } },
    });
    expect(list.body.data[1]).toMatchObject({
      label: 'quote " backslash \\ tab \t é ✓',
      big: '9007199254740993',
      ratio: 1e20,
      docb: 'text',
    });
  });

  it('gives nested relations as the read by key gives them, on every page', async () => {
    const query = 'fields=*,author.*,author.country.*,comments.*,tags.tag_id.*&sort=-id';
    for (const page of [1, 2, 3]) {
      const list = await get(`/api/items/articles?${query}&limit=2&page=${page}`);
      expect(list.status).toBe(200);
      const ids = (list.body.data as { id: number }[]).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(list.body.data).toEqual(await eachByKey('articles', ids, query));
    }
  });

  it('hands a read filter hook plain objects, and answers with what it returns', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const seen: unknown[] = [];
    off.push(
      emitter().onFilter('jt_values.items.read', (items) => {
        seen.push(...(items as unknown[]));
        return (items as Record<string, unknown>[]).map((i) => ({ ...i, hooked: true }));
      }),
    );
    const list = await get('/api/items/jt_values?sort=id&fields=id,doc');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({ id: 1, doc: { a: [1, 2] }, hooked: true });
    expect(seen[0]).toEqual({ id: 1, doc: { a: [1, 2] } });
    expect(Object.getPrototypeOf(seen[0])).toBe(Object.prototype);
  });

  it('asks the database for the items as text, and for JSON where a read hook needs objects', async () => {
    const { observeQueries } = await import('@/lib/db/client');
    const { emitter } = await import('@/lib/events/emitter');
    const itemSql = async () => {
      const seen: string[] = [];
      const stop = observeQueries((s) => seen.push(s));
      const res = await get('/api/items/jt_values?sort=id&limit=2&offset=1');
      stop();
      expect(res.status).toBe(200);
      expect((res.body.data as { id: number }[]).map((r) => r.id)).toEqual([2, 3]);
      const read = seen.filter((s) => s.includes('"jt_values"') && /as "?item"?/.test(s));
      expect(read).toHaveLength(1);
      return read[0];
    };
    expect(await itemSql()).toMatch(/::text end as "?item"?/);
    off.push(emitter().onFilter('items.read', (items) => items));
    expect(await itemSql()).not.toMatch(/::text end as "?item"?/);
  });

  it("keeps a non-admin's field permissions in the spliced items", async () => {
    const editor = await createTokenUser({
      permissions: [{ collection: 'jt_values', action: 'read', fields: ['id', 'label'] }],
    });
    const list = await app.request('/api/items/jt_values?sort=id', { token: editor.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    for (const row of list.body.data as Record<string, unknown>[]) {
      expect(Object.keys(row).sort()).toEqual(['id', 'label']);
    }
    const anonymous = await app.request('/api/items/jt_values');
    expect(anonymous.status).toBe(401);
  });
});
