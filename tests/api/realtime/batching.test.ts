import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import {
  eventOf,
  type Line,
  realtimeServer,
  signedInLine,
  titledCollection,
} from '../../helpers/realtime';

// Under a burst of writes a subscription group reads and sends at most once per
// REALTIME_BATCH_MS; a change to a quiet group goes out at once.

const app = setupTestApp();
const realtime = realtimeServer();
const collection = `rtb_${crypto.randomBytes(4).toString('hex')}`;
const WINDOW_MS = 1000;
let admin: string;

async function create(title: string): Promise<void> {
  const res = await app.request(`/api/items/${collection}`, {
    method: 'POST',
    token: admin,
    body: { title },
  });
  expect(res.status).toBe(201);
}

const carrying = (title: string) => (m: Record<string, any>) =>
  eventOf('b', 'create')(m) && (m.data as { title: string }[]).some((i) => i.title === title);

beforeAll(async () => {
  admin = await app.adminToken();
  await titledCollection(app, admin, collection);
  await realtime.start();
});

afterEach(() => {
  delete process.env.REALTIME_BATCH_MS;
});

afterAll(() => realtime.stop());

describe('realtime batching', () => {
  it('sends a quiet collection’s change at once and a burst that follows in one message', async () => {
    process.env.REALTIME_BATCH_MS = String(WINDOW_MS);
    const line: Line = await signedInLine(realtime.url, admin);
    line.send({ type: 'subscribe', collection, uid: 'b', query: { fields: ['id', 'title'] } });
    await line.next(eventOf('b', 'init'));

    const started = performance.now();
    await create('first');
    const first = await line.next(carrying('first'));
    expect(performance.now() - started).toBeLessThan(WINDOW_MS - 300);
    expect(first.data).toHaveLength(1);

    for (const title of ['second', 'third', 'fourth']) await create(title);
    const burst = await line.next(carrying('fourth'), WINDOW_MS + 5_000);
    expect((burst.data as { title: string }[]).map((i) => i.title).sort()).toEqual([
      'fourth',
      'second',
      'third',
    ]);
    const creates = line.received.filter(eventOf('b', 'create'));
    expect(creates).toHaveLength(2);
    line.close();
  });

  it('sends every change at once when batching is off', async () => {
    process.env.REALTIME_BATCH_MS = '0';
    const line: Line = await signedInLine(realtime.url, admin);
    line.send({ type: 'subscribe', collection, uid: 'b', query: { fields: ['id', 'title'] } });
    await line.next(eventOf('b', 'init'));
    for (const title of ['fifth', 'sixth']) {
      await create(title);
      const m = await line.next(carrying(title));
      expect(m.data).toHaveLength(1);
    }
    line.close();
  });
});
