import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { within } from '../../helpers/redis-pair';
import { defineSchema } from './write-fixture';

/**
 * With the read cache off, nothing in another process follows an item table, so an item
 * write tells no one; the system tables' small caches (workflow assignments) still hear of
 * their writes. Observed on the Redis channel every instance listens to.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
process.env.READ_CACHE = 'false';
if (redisUrl) Object.assign(process.env, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });

describe.runIf(redisUrl)('write notices with the read cache off', () => {
  const app = setupTestApp();
  let admin: string;
  let subscriber: Redis;
  const heard: { topic: string; data?: string }[] = [];

  const told = () =>
    heard
      .filter((n) => n.topic === 'item-writes' && n.data)
      .flatMap((n) => JSON.parse(n.data!) as string[]);

  /**
   * The tables named by the write notices of `work`: a workflow written after it marks the
   * end (one publisher, so its notice comes after any of `work`'s).
   */
  async function toldDuring(work: () => Promise<void>): Promise<string[]> {
    heard.length = 0;
    await work();
    const mark = await app.request('/api/workflows', {
      method: 'POST',
      token: admin,
      body: { name: `mark-${crypto.randomBytes(4).toString('hex')}`, states: [] },
    });
    expect(mark.status).toBe(201);
    await within(5_000, async () => told().includes('daas_wf_definition'));
    return told().slice(0, told().indexOf('daas_wf_definition'));
  }

  beforeAll(async () => {
    admin = await app.adminToken();
    await defineSchema({
      sql: ['create table wn_notes (id serial primary key, title text)'],
    });
    subscriber = new Redis(redisUrl!);
    await subscriber.subscribe(`${prefix}notices`);
    subscriber.on('message', (_channel, message: string) => heard.push(JSON.parse(message)));
  });

  afterAll(async () => {
    subscriber?.disconnect();
    delete process.env.READ_CACHE;
  });

  it('tells no one of an item create, update or delete', async () => {
    const tables = await toldDuring(async () => {
      const made = await app.request('/api/items/wn_notes', {
        method: 'POST',
        token: admin,
        body: { title: 'one' },
      });
      expect(made.status).toBe(201);
      const id = made.body.data.id;
      const changed = await app.request(`/api/items/wn_notes/${id}`, {
        method: 'PATCH',
        token: admin,
        body: { title: 'two' },
      });
      expect(changed.status).toBe(200);
      const gone = await app.request(`/api/items/wn_notes/${id}`, {
        method: 'DELETE',
        token: admin,
      });
      expect(gone.status).toBe(200);
    });
    expect(tables).not.toContain('wn_notes');
  });

  it('tells the others of a write to a workflow table', async () => {
    heard.length = 0;
    const res = await app.request('/api/workflows', {
      method: 'POST',
      token: admin,
      body: { name: 'Told', states: [] },
    });
    expect(res.status).toBe(201);
    await within(5_000, async () => told().includes('daas_wf_definition'));
  });

  it('answers a create anonymously with 401 or 403 and tells no one', async () => {
    const tables = await toldDuring(async () => {
      const res = await app.request('/api/items/wn_notes', {
        method: 'POST',
        body: { title: 'nobody' },
      });
      expect([401, 403]).toContain(res.status);
    });
    expect(tables).toEqual([]);
  });
});
