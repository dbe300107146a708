import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, grant, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { createPermissionPolicy, createPermittedUser } from '../../helpers/permissions';
import { createUser } from '../../helpers/users';
import { defineSchema, rows } from '../items/write-fixture';

const app = setupTestApp();
let acme: string;
let shop: string;
let other: string;
let vault: string;
const ids: Record<string, string> = {};
let token: string;

const ALL = [
  { collection: 'sc_orders', action: 'read' as const },
  { collection: 'sc_orders', action: 'create' as const },
  { collection: 'sc_orders', action: 'update' as const },
  { collection: 'sc_orders', action: 'delete' as const },
];

beforeAll(async () => {
  acme = `/${uniqueSegment('acme')}`;
  shop = `${acme}/shop`;
  other = `/${uniqueSegment('other')}`;
  vault = `/${uniqueSegment('vault')}`;
  ids.acme = await createScopeItem(acme);
  ids.shop = await createScopeItem(shop);
  ids.other = await createScopeItem(other);
  ids.vault = await createScopeItem(vault);
  const { getDb } = await import('@/lib/db/client');
  const { invalidateScopeCache } = await import('@/lib/access/scope');
  await getDb()
    .updateTable('daas_scope_items')
    .set({ missing_uri_mode: 'reject' })
    .where('id', '=', ids.vault)
    .execute();
  invalidateScopeCache();
  await defineSchema({
    sql: [
      `create table sc_orders (id serial primary key, label text, tenant uuid references daas_scope_items(id))`,
    ],
    relations: [
      { many_collection: 'sc_orders', many_field: 'tenant', one_collection: 'daas_scope_items' },
    ],
  });
  const { sql } = await import('kysely');
  await sql`insert into sc_orders (id, label, tenant) values
    (1, 'acme order', ${ids.acme}), (2, 'shop order', ${ids.shop}),
    (3, 'other order', ${ids.other}), (4, 'vault order', ${ids.vault}), (5, 'no tenant', null)`.execute(
    getDb(),
  );
  await sql`select setval('sc_orders_id_seq', 100)`.execute(getDb());
  const user = await createPermittedUser(ALL);
  token = await app.login(user.email, user.password);
});

const at = (uri: string) => ({ 'x-resource-uri': uri });
const labels = (res: { body: { data: { label: string }[] } }) =>
  res.body.data.map((r) => r.label).sort();

describe('scope fields on items', () => {
  it('limits reads to rows of the request scope and its descendants', async () => {
    const res = await app.request('/api/items/sc_orders', { token, headers: at(acme) });
    expect(res.status).toBe(200);
    expect(labels(res)).toEqual(['acme order', 'shop order']);
    const leaf = await app.request('/api/items/sc_orders', { token, headers: at(shop) });
    expect(labels(leaf)).toEqual(['shop order']);
  });

  it('answers 404 for another tenant row and refuses to update or delete it', async () => {
    const read = await app.request('/api/items/sc_orders/3', { token, headers: at(acme) });
    expect(read.status).toBe(404);
    const upd = await app.request('/api/items/sc_orders/3', {
      method: 'PATCH',
      token,
      headers: at(acme),
      body: { label: 'stolen' },
    });
    expect(upd.status).toBe(404);
    const del = await app.request('/api/items/sc_orders/3', {
      method: 'DELETE',
      token,
      headers: at(acme),
    });
    expect(del.status).toBe(404);
    expect((await rows('sc_orders')).find((r) => r.id === 3)?.label).toBe('other order');
  });

  it('defaults the scope field of a created row to the request scope', async () => {
    const res = await app.request('/api/items/sc_orders', {
      method: 'POST',
      token,
      headers: at(shop),
      body: { label: 'new in shop' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.tenant).toBe(ids.shop);
  });

  it('refuses a create that names another tenant as its scope', async () => {
    const before = (await rows('sc_orders')).length;
    const res = await app.request('/api/items/sc_orders', {
      method: 'POST',
      token,
      headers: at(acme),
      body: { label: 'planted', tenant: ids.other },
    });
    expect(res.status).toBe(403);
    expect((await rows('sc_orders')).length).toBe(before);
  });

  it('refuses an update that moves a row out of the request scope', async () => {
    const res = await app.request('/api/items/sc_orders/1', {
      method: 'PATCH',
      token,
      headers: at(acme),
      body: { tenant: ids.other },
    });
    expect(res.status).toBe(403);
    expect((await rows('sc_orders')).find((r) => r.id === 1)?.tenant).toBe(ids.acme);
  });

  it('keeps rows of a missing_uri_mode=reject scope from requests without a scope URI', async () => {
    const res = await app.request('/api/items/sc_orders?sort=id', { token });
    expect(res.status).toBe(200);
    expect(labels(res)).not.toContain('vault order');
    expect(labels(res)).toContain('other order');
    const one = await app.request('/api/items/sc_orders/4', { token });
    expect(one.status).toBe(404);
    const upd = await app.request('/api/items/sc_orders/4', {
      method: 'PATCH',
      token,
      body: { label: 'x' },
    });
    expect(upd.status).toBe(404);
    const del = await app.request('/api/items/sc_orders/4', { method: 'DELETE', token });
    expect(del.status).toBe(404);
    expect((await rows('sc_orders')).find((r) => r.id === 4)?.label).toBe('vault order');
  });

  it('serves rows of a reject scope to a request that names it', async () => {
    const res = await app.request('/api/items/sc_orders', { token, headers: at(vault) });
    expect(labels(res)).toEqual(['vault order']);
  });

  it('resolves permissions at the scope: a tenant-only grant reads only there', async () => {
    const policy = await createPermissionPolicy([{ collection: 'sc_orders', action: 'read' }]);
    const user = await createUser();
    await grant({ policy, user: user.id, scope: ids.other });
    const t = await app.login(user.email, user.password);
    const root = await app.request('/api/items/sc_orders', { token: t });
    expect(root.status).toBe(403);
    const there = await app.request('/api/items/sc_orders', { token: t, headers: at(other) });
    expect(there.status).toBe(200);
    expect(labels(there)).toEqual(['other order']);
    const elsewhere = await app.request('/api/items/sc_orders', { token: t, headers: at(acme) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('FORBIDDEN_SCOPE');
  });
});
