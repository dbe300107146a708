import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { eventOf, type Line, realtimeServer, signedInLine, sleep } from '../../helpers/realtime';
import { createUser } from '../../helpers/users';

// Subscribers whose reads would show the same thing share one read per batch of changes.
// These cases pin down that sharing never lets one caller see what only another may.

const app = setupTestApp();
const realtime = realtimeServer();
let admin: string;
const collection = `rtg_${crypto.randomBytes(4).toString('hex')}`;

const created = (uid: string) => eventOf(uid, 'create');

async function subscribed(token: string, uid: string, query: object = {}): Promise<Line> {
  const line = await signedInLine(realtime.url, token);
  line.send({ type: 'subscribe', collection, uid, query: { fields: ['*'], ...query } });
  await line.next((m) => m.uid === uid && m.event === 'init');
  return line;
}

async function create(body: Record<string, unknown>): Promise<void> {
  const res = await app.request(`/api/items/${collection}`, { method: 'POST', token: admin, body });
  expect(res.status).toBe(201);
}

function titles(line: Line, uid: string): string[] {
  return line.received
    .filter((m) => m.uid === uid && m.event === 'create')
    .flatMap((m) => (m.data as { title: string }[]).map((i) => i.title));
}

beforeAll(async () => {
  admin = await app.adminToken();
  const made = await app.request('/api/collections', {
    method: 'POST',
    token: admin,
    body: {
      collection,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'secret', type: 'string' },
        { field: 'owner', type: 'string' },
      ],
    },
  });
  expect(made.status).toBe(201);
  await realtime.start();
});

afterAll(() => realtime.stop());

describe('realtime read groups', () => {
  it('gives two users of one role the same events, and a user moved to another role only what it may read now', async () => {
    const first = await createPermittedUser([{ collection, action: 'read' }]);
    const second = await createUser({ role: first.role });
    const narrow = await createPermittedUser([
      { collection, action: 'read', fields: ['id', 'title'] },
    ]);
    const a = await subscribed(await app.login(first.email, first.password), 'a');
    const b = await subscribed(await app.login(second.email, second.password), 'b');

    await create({ title: 'both', secret: 's-both' });
    expect((await a.next(created('a'))).data[0]).toMatchObject({ title: 'both', secret: 's-both' });
    expect((await b.next(created('b'))).data[0]).toMatchObject({ title: 'both', secret: 's-both' });

    const moved = await app.request(`/api/users/${second.id}`, {
      method: 'PATCH',
      token: admin,
      body: { role: narrow.role },
    });
    expect(moved.status).toBe(200);
    await sleep(500);

    await create({ title: 'after-move', secret: 's-after' });
    const forA = await a.next((m) => created('a')(m) && m.data[0].title === 'after-move');
    expect(forA.data[0]).toMatchObject({ secret: 's-after' });
    const forB = await b.next((m) => created('b')(m) && m.data[0].title === 'after-move');
    expect(forB.data[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(b.received)).not.toContain('s-after');
    a.close();
    b.close();
  });

  it('keeps users of one role apart when the read permission names the current user', async () => {
    const first = await createPermittedUser([
      { collection, action: 'read', permissions: { owner: { _eq: '$CURRENT_USER' } } },
    ]);
    const second = await createUser({ role: first.role });
    const a = await subscribed(await app.login(first.email, first.password), 'own-a');
    const b = await subscribed(await app.login(second.email, second.password), 'own-b');

    await create({ title: 'for-first', owner: first.id });
    await create({ title: 'for-second', owner: second.id });
    await a.next(created('own-a'));
    await b.next(created('own-b'));
    await sleep(300);
    expect(titles(a, 'own-a')).toEqual(['for-first']);
    expect(titles(b, 'own-b')).toEqual(['for-second']);
    a.close();
    b.close();
  });

  it('keeps users of one role apart when the subscription query names the current user', async () => {
    const first = await createPermittedUser([{ collection, action: 'read' }]);
    const second = await createUser({ role: first.role });
    const mine = { filter: { owner: { _eq: '$CURRENT_USER' } } };
    const a = await subscribed(await app.login(first.email, first.password), 'q-a', mine);
    const b = await subscribed(await app.login(second.email, second.password), 'q-b', mine);

    await create({ title: 'q-first', owner: first.id });
    await create({ title: 'q-second', owner: second.id });
    await a.next(created('q-a'));
    await b.next(created('q-b'));
    await sleep(300);
    expect(titles(a, 'q-a')).toEqual(['q-first']);
    expect(titles(b, 'q-b')).toEqual(['q-second']);
    a.close();
    b.close();
  });
});
