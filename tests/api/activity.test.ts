import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createTokenUser, type TokenUser } from '../helpers/token-users';
import { defineSchema } from './items/write-fixture';

const app = setupTestApp();
let admin: string;
const off: (() => void)[] = [];

async function created(title: string): Promise<number> {
  const res = await app.request('/api/items/act_notes', {
    method: 'POST',
    token: admin,
    body: { title },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

function logEvent(token: string | undefined, body: unknown, headers?: Record<string, string>) {
  return app.request('/api/activity/event', { method: 'POST', token, body, headers });
}

beforeAll(async () => {
  admin = await app.adminToken();
  await defineSchema({ sql: [`create table act_notes (id serial primary key, title text)`] });
});

afterEach(() => {
  for (const f of off.splice(0)) f();
});

describe('GET /api/activity', () => {
  it('lists the entry an item create wrote, filterable like any collection', async () => {
    const id = await created('first');
    const res = await app.request(
      `/api/activity?filter[collection][_eq]=act_notes&filter[item][_eq]=${id}&sort=-id`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ action: 'create', collection: 'act_notes' });
    expect(res.body.data[0].item).toBe(String(id));

    const one = await app.request(`/api/activity/${res.body.data[0].id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ action: 'create', item: String(id) });
  });

  it('answers 404 for an unknown entry and 401 without a caller', async () => {
    expect((await app.request('/api/activity/999999999', { token: admin })).status).toBe(404);
    const anonymous = await app.request('/api/activity');
    expect(anonymous.status).toBe(401);
  });

  it('refuses a caller without read permission on daas_activity', async () => {
    const member = await createTokenUser();
    const res = await app.request('/api/activity', { token: member.token });
    expect(res.status).toBe(403);
  });

  it('shows a permitted non-admin only the rows its item filter allows', async () => {
    const member: TokenUser = await createTokenUser({
      permissions: [{ collection: 'daas_activity', action: 'read' }],
    });
    const { addPermissions } = await import('../helpers/permissions');
    // Replace the unrestricted row with one limited to the member's own entries.
    const { getDb } = await import('@/lib/db/client');
    await getDb().deleteFrom('daas_permissions').where('policy', '=', member.policy).execute();
    await addPermissions(member.policy, [
      {
        collection: 'daas_activity',
        action: 'read',
        permissions: { user: { _eq: '$CURRENT_USER' } },
      },
    ]);
    await created('by the admin');
    const logged = await logEvent(member.token, {
      action: 'export',
      collection: 'act_notes',
      item: 1,
    });
    expect(logged.status).toBe(201);
    const res = await app.request('/api/activity?limit=-1&page=0', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(1);
    expect(res.body.data.every((a: { user: string }) => a.user === member.id)).toBe(true);
  });

  it('is read-only: no create, update or delete', async () => {
    const post = await app.request('/api/activity', { method: 'POST', token: admin, body: {} });
    expect(post.status).toBe(405);
    const del = await app.request('/api/activity/1', { method: 'DELETE', token: admin });
    expect(del.status).toBe(405);
  });

  it('runs no item hooks when read', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    let calls = 0;
    off.push(emitter().onFilter('items.query', (q) => (calls++, q)));
    off.push(emitter().onFilter('items.read', (rows) => (calls++, rows)));
    expect((await app.request('/api/activity', { token: admin })).status).toBe(200);
    expect(calls).toBe(0);
  });
});

describe('POST /api/activity/event', () => {
  it('logs an event for the caller and answers the entry', async () => {
    const member = await createTokenUser();
    const res = await logEvent(
      member.token,
      { action: 'report.viewed', collection: 'act_notes', item: 7, comment: 'Q3' },
      { origin: 'https://app.example.com' },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      action: 'report.viewed',
      user: member.id,
      collection: 'act_notes',
      item: '7',
      comment: 'Q3',
      origin: 'https://app.example.com',
    });
    const stored = await app.request(`/api/activity/${res.body.data.id}`, { token: admin });
    expect(stored.body.data).toMatchObject({ action: 'report.viewed', user: member.id });
  });

  it('refuses the actions the server writes itself', async () => {
    for (const action of ['create', 'login', 'LOGOUT', 'tfa.enable']) {
      const res = await logEvent(admin, { action, collection: 'act_notes', item: 1 });
      expect(res.status, action).toBe(400);
      expect(res.body.errors[0].message).toContain('written by the server');
    }
  });

  it('lets only an administrator log an event for another user', async () => {
    const member = await createTokenUser();
    const other = await createTokenUser();
    const body = { action: 'signed', collection: 'act_notes', item: 1, user: other.id };
    const refused = await logEvent(member.token, body);
    expect(refused.status).toBe(403);
    const allowed = await logEvent(admin, body);
    expect(allowed.status).toBe(201);
    expect(allowed.body.data.user).toBe(other.id);
  });

  it('validates the payload and needs a signed-in caller', async () => {
    const bad = await logEvent(admin, {
      action: 'x y',
      collection: 'act_notes',
      item: 1,
      extra: true,
    });
    expect(bad.status).toBe(400);
    const anonymous = await logEvent(undefined, { action: 'x', collection: 'act_notes', item: 1 });
    expect(anonymous.status).toBe(401);
  });

  it('allows 60 events a minute per caller, then answers 429 with Retry-After', async () => {
    const member = await createTokenUser();
    const body = { action: 'tick', collection: 'act_notes', item: 1 };
    for (let i = 0; i < 60; i++) {
      const res = await logEvent(member.token, body);
      expect(res.status).toBe(201);
    }
    const over = await logEvent(member.token, body);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another caller has a budget of its own.
    const other = await createTokenUser();
    const res = await logEvent(other.token, body);
    expect(res.status).toBe(201);
  });
});

describe('GET /api/revisions', () => {
  it('shows an administrator the data and delta of an update', async () => {
    const id = await created('before');
    const patched = await app.request(`/api/items/act_notes/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { title: 'after' },
    });
    expect(patched.status).toBe(200);
    const res = await app.request(
      `/api/revisions?filter[collection][_eq]=act_notes&filter[item][_eq]=${id}&sort=-id&limit=1`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      data: { id, title: 'after' },
      delta: { title: 'after' },
    });
    const one = await app.request(`/api/revisions/${res.body.data[0].id}`, { token: admin });
    expect(one.status).toBe(200);
  });

  it('is for administrators only, even with a read permission on daas_revisions', async () => {
    const member = await createTokenUser({
      permissions: [{ collection: 'daas_revisions', action: 'read' }],
    });
    const res = await app.request('/api/revisions', { token: member.token });
    expect(res.status).toBe(403);
    expect((await app.request('/api/revisions')).status).toBe(401);
  });
});

describe('activity retention', () => {
  it('purges entries older than activity_retention_days with their revisions; 0 keeps all', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { purgeActivity } = await import('@/lib/activity/retention');
    const db = getDb();
    const id = await created('old');
    await db
      .updateTable('daas_activity')
      .set({ timestamp: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('collection', '=', 'act_notes')
      .where('item', '=', String(id))
      .execute();
    const fresh = await created('fresh');

    const settings = (days: number) =>
      app.request('/api/settings', {
        method: 'PATCH',
        token: admin,
        body: { activity_retention_days: days },
      });
    expect((await settings(0)).status).toBe(200);
    expect(await purgeActivity(db)).toBe(0);

    expect((await settings(30)).status).toBe(200);
    expect(await purgeActivity(db)).toBeGreaterThanOrEqual(1);
    const left = (item: number) =>
      db
        .selectFrom('daas_activity')
        .select('id')
        .where('collection', '=', 'act_notes')
        .where('item', '=', String(item))
        .execute();
    expect(await left(id)).toEqual([]);
    expect((await left(fresh)).length).toBe(1);
    const orphan = await sql`select id from daas_revisions
      where collection = 'act_notes' and item = ${String(id)}`.execute(db);
    expect(orphan.rows).toEqual([]);
  });
});
