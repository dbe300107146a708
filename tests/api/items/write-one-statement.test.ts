import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { count, defineSchema, rows } from './write-fixture';

// A single plain create is one statement (insert, activity, revision); an array body goes
// through the transactional path. Both must leave the same records.
const app = setupTestApp();
let token: string;

const ITEM = {
  title: 'Typed',
  at: '2024-02-03T04:05:06.789Z',
  local: '2024-02-03T04:05:06',
  day: '2024-02-03',
  price: '12.50',
  small: 42,
  huge: '9223372036854775807',
  ratio: 0.25,
  flag: true,
  doc: { a: [1, 'two'] },
  labels: ['x', 'y'],
};

beforeAll(async () => {
  token = await app.adminToken();
  await defineSchema({
    sql: [
      `create table os_owner (id serial primary key, name text)`,
      `create table os_typed (id serial primary key, title text not null, at timestamptz,
        local timestamp, day date, price numeric(8,2), small bigint, huge bigint,
        ratio double precision, flag boolean, doc jsonb, labels text[],
        owner integer references os_owner(id), status text default 'draft')`,
    ],
    relations: [{ many_collection: 'os_typed', many_field: 'owner', one_collection: 'os_owner' }],
  });
});

function create(body: unknown, as = token) {
  return app.request('/api/items/os_typed', { method: 'POST', token: as, body });
}

async function revisionOf(id: unknown) {
  const all = await rows('daas_revisions');
  return all.find((r) => r.collection === 'os_typed' && String(r.item) === String(id));
}

describe('a single create', () => {
  it('records the same revision data and delta as the transactional path', async () => {
    const single = await create(ITEM);
    const batch = await create([ITEM]);
    expect(single.status).toBe(201);
    expect(batch.status).toBe(201);
    const a = await revisionOf(single.body.data.id);
    const b = await revisionOf(batch.body.data[0].id);
    const { id: _a, ...dataA } = a!.data as Record<string, unknown>;
    const { id: _b, ...dataB } = b!.data as Record<string, unknown>;
    expect(dataA).toEqual(dataB);
    expect(dataA).toMatchObject({ at: ITEM.at, price: '12.50', huge: ITEM.huge, status: 'draft' });
    expect(a!.delta).toEqual(b!.delta);
    expect(Object.keys(a!.delta as object).sort()).toEqual(Object.keys(ITEM).sort());
  });

  it('writes and reads the new item back in one statement', async () => {
    await create({ title: 'Warm-up' });
    const { observeQueries } = await import('@/lib/db/client');
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q));
    const res = await create({ title: 'Counted' });
    stop();
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Counted', status: 'draft' });
    expect(seen.filter((q) => q.includes('os_typed'))).toHaveLength(1);
    expect(seen.filter((q) => /^\s*(begin|commit)/i.test(q))).toEqual([]);
  });

  it('logs one activity row naming the caller, the item and the action', async () => {
    const res = await create({ title: 'Logged' });
    const entries = (await rows('daas_activity')).filter(
      (r) => r.collection === 'os_typed' && r.item === String(res.body.data.id),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', user: expect.any(String) });
  });

  it('writes neither the item nor its activity when the insert fails', async () => {
    const items = await count('os_typed');
    const activity = await count('daas_activity');
    const res = await create({ title: 'Orphan', owner: 999 });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/insert|violates|os_owner_/i);
    expect(await count('os_typed')).toBe(items);
    expect(await count('daas_activity')).toBe(activity);
  });

  it('applies a non-admin permission preset and logs that user', async () => {
    const user = await createPermittedUser([
      { collection: 'os_typed', action: 'create', presets: { status: 'review' } },
      { collection: 'os_typed', action: 'read' },
    ]);
    const res = await create({ title: 'By a member' }, await app.login(user.email, user.password));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'By a member', status: 'review' });
    const entry = (await rows('daas_activity')).find(
      (r) => r.collection === 'os_typed' && r.item === String(res.body.data.id),
    );
    expect(entry?.user).toBe(user.id);
  });

  it('answers the new item with related fields asked for in ?fields', async () => {
    const owner = await app.request('/api/items/os_owner', {
      method: 'POST',
      token,
      body: { name: 'Known owner' },
    });
    const res = await app.request('/api/items/os_typed?fields=id,title,owner.name', {
      method: 'POST',
      token,
      body: { title: 'Owned', owner: owner.body.data.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'Owned',
      owner: { name: 'Known owner' },
    });
  });

  it('answers only what the caller may read of the new item, or null', async () => {
    const user = await createPermittedUser([
      { collection: 'os_typed', action: 'create' },
      {
        collection: 'os_typed',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { title: { _starts_with: 'Visible' } },
      },
    ]);
    const member = await app.login(user.email, user.password);
    const seen = await create({ title: 'Visible one', price: '1.00' }, member);
    expect(seen.status).toBe(201);
    expect(seen.body.data).toEqual({ id: expect.any(Number), title: 'Visible one' });
    const hidden = await create({ title: 'Hidden one' }, member);
    expect(hidden.status).toBe(201);
    expect(hidden.body.data).toBeNull();
    expect((await rows('os_typed')).some((r) => r.title === 'Hidden one')).toBe(true);
  });

  it('answers null to a caller who may create but not read', async () => {
    const user = await createPermittedUser([{ collection: 'os_typed', action: 'create' }]);
    const res = await create({ title: 'Write only' }, await app.login(user.email, user.password));
    expect(res.status).toBe(201);
    expect(res.body.data).toBeNull();
  });

  it('still creates a related item sent as an object, in one transaction', async () => {
    const res = await create({ title: 'With owner', owner: { name: 'New owner' } });
    expect(res.status).toBe(201);
    const owners = await rows('os_owner');
    expect(owners.at(-1)).toMatchObject({ id: res.body.data.owner, name: 'New owner' });
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('write notices on PostgreSQL', () => {
  it('leaves NOTIFY to writes the service does not announce itself', async () => {
    // The tables carry the trigger since the schema was reloaded after they were made.
    const { getDb } = await import('@/lib/db/client');
    const { watchedTables } = await import('@/lib/db/write-notices');
    const watched = await watchedTables(getDb());
    expect(watched.has('os_owner') && watched.has('os_typed')).toBe(true);
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(String(n.payload)));
    await listener.query('listen daas_writes');
    try {
      expect((await create({ title: 'Announced by the service' })).status).toBe(201);
      // Notices arrive in commit order: once the later plain write is heard, an earlier
      // notice for os_typed would have been heard too.
      await listener.query(`insert into os_owner (name) values ('from psql')`);
      for (let i = 0; i < 100 && !heard.includes('os_owner'); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(heard).toEqual(['os_owner']);
    } finally {
      await listener.end();
    }
  });
});
