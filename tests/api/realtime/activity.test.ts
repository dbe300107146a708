import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import {
  eventOf,
  type Line,
  realtimeServer,
  signedInLine,
  sleep,
  titledCollection,
} from '../../helpers/realtime';
import { createTitled } from '../../helpers/realtime-client';

const app = setupTestApp();
const realtime = realtimeServer();
let admin: string;
const collection = `rta_${crypto.randomBytes(4).toString('hex')}`;

const event = eventOf;

const signedIn = (token: string): Promise<Line> => signedInLine(realtime.url, token);

const createItem = (token: string, title: string) => createTitled(app, token, collection, title);

beforeAll(async () => {
  admin = await app.adminToken();
  await titledCollection(app, admin, collection);
  await realtime.start();
});

afterAll(() => realtime.stop());

describe('realtime on the activity log', () => {
  it('streams a new activity entry to an administrator as the write commits', async () => {
    const line = await signedIn(admin);
    line.send({
      type: 'subscribe',
      collection: 'daas_activity',
      uid: 'a',
      event: 'create',
      query: { fields: ['id', 'action', 'collection', 'item'], sort: ['-id'], limit: 1 },
    });
    await line.next(event('a', 'init'));
    const id = await createItem(admin, 'logged');
    const created = await line.next(event('a', 'create'));
    expect(created.data).toEqual([
      expect.objectContaining({ action: 'create', collection, item: String(id) }),
    ]);
    line.close();
  });

  it('sends a reader only the entries and fields its permission on the log allows', async () => {
    const user = await createPermittedUser([
      { collection, action: 'create' },
      { collection, action: 'read' },
      {
        collection: 'daas_activity',
        action: 'read',
        fields: ['id', 'action', 'collection', 'item', 'user'],
        permissions: { user: { _eq: '$CURRENT_USER' } },
      },
    ]);
    const token = await app.login(user.email, user.password);
    const line = await signedIn(token);
    line.send({
      type: 'subscribe',
      collection: 'daas_activity',
      uid: 'r',
      query: { fields: ['*'] },
    });
    await line.next(event('r', 'init'));
    await createItem(admin, 'by-admin');
    const own = await createItem(token, 'by-reader');
    const created = await line.next(event('r', 'create'));
    expect(created.data).toEqual([
      { id: expect.any(Number), action: 'create', collection, item: String(own), user: user.id },
    ]);
    await sleep(300);
    const events = line.received.filter((m) => m.uid === 'r' && m.event !== 'init');
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('"ip"');
    line.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "hears an API write's entries without the log's trigger notifying (no commit queue)",
    async () => {
      const { config } = await import('@/lib/core/config');
      const { default: pg } = await import('pg');
      const listener = new pg.Client({ connectionString: config().DATABASE_URL });
      await listener.connect();
      const notices: string[] = [];
      listener.on('notification', (n) => notices.push(n.payload ?? ''));
      await listener.query('listen daas_changes');
      try {
        const line = await signedIn(admin);
        line.send({ type: 'subscribe', collection: 'daas_activity', uid: 'q', event: 'create' });
        await line.next(event('q', 'init'));
        const ids = [await createItem(admin, 'quiet-1'), await createItem(admin, 'quiet-2')];
        const items = () =>
          line.received
            .filter(event('q', 'create'))
            .flatMap((m) => (m.data as { item: string }[]).map((e) => e.item));
        await expect.poll(items).toEqual(expect.arrayContaining(ids.map(String)));
        await sleep(300);
        // Each entry once, and none of them announced by a notice from the log's table.
        expect(items().filter((i) => ids.map(String).includes(i))).toHaveLength(2);
        expect(notices.filter((n) => n.includes('"daas_activity"'))).toEqual([]);
        line.close();
      } finally {
        await listener.end();
      }
    },
  );

  it('refuses the log to a caller without a read permission on it, and other system ones', async () => {
    const user = await createPermittedUser([{ collection, action: 'read' }]);
    const token = await app.login(user.email, user.password);
    const line = await signedIn(token);
    line.send({ type: 'subscribe', collection: 'daas_activity', uid: 'x' });
    line.send({ type: 'subscribe', collection: 'daas_revisions', uid: 'y' });
    for (const uid of ['x', 'y']) {
      expect(await line.next((m) => m.uid === uid)).toMatchObject({
        type: 'subscribe',
        status: 'error',
        error: { code: 'FORBIDDEN' },
      });
    }
    line.close();
  });

  it('answers 403 on the event stream for the log without a read permission, and for users', async () => {
    const user = await createPermittedUser([{ collection, action: 'read' }]);
    const token = await app.login(user.email, user.password);
    const refused = await app.request('/api/realtime?collection=daas_activity', { token });
    expect(refused.status).toBe(403);
    const res = await app.request('/api/realtime?collection=daas_users', { token: admin });
    expect(res.status).toBe(403);
  });
});
