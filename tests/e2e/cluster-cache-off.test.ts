import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithCollection, onNewConnection, pinned } from '../helpers/pinned';
import { startServer, type StartedServer } from '../helpers/server';

/**
 * With READ_CACHE=false an item write tells the other worker nothing, while the workflow
 * assignments each worker keeps in memory must still follow every write of the workflow
 * tables. Every request goes over a connection of its own, so consecutive requests reach
 * the two workers in turn: each create below is sent to the worker that did not make the
 * change before it.
 */
describe.runIf(process.env.DATABASE_URL)('two workers with the read cache off', () => {
  let server: StartedServer;
  let token: string;
  let definition: string;
  const collection = `wfc_${crypto.randomBytes(4).toString('hex')}`;
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    onNewConnection(server.url, path, { ...init, token });

  beforeAll(async () => {
    server = await startServer({
      env: { WEB_CONCURRENCY: '2', REDIS_URL: undefined, READ_CACHE: 'false' },
    });
    token = await adminWithCollection(server.url, collection);
    const def = await call('/api/workflows', {
      method: 'POST',
      body: {
        name: `wf-${collection}`,
        states: [{ key: 'draft', name: 'Draft', initial: true }],
        commands: [],
      },
    });
    expect(def.status).toBe(201);
    definition = def.body.data.id;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Creates an item (one connection), then polls on one other connection for its workflow
   * instance (the automation runs after the answer): always two connections.
   */
  async function followed(): Promise<boolean> {
    const created = await call(`/api/items/${collection}`, {
      method: 'POST',
      body: { title: 'x' },
    });
    expect(created.status).toBe(201);
    const poll = pinned(server.url);
    try {
      for (let i = 0; i < 25; i++) {
        const found = await poll.request(
          `/api/workflow-instances?filter[item][_eq]=${created.body.data.id}`,
          { token },
        );
        expect(found.status).toBe(200);
        if (found.body.data.length) return true;
        await new Promise((r) => setTimeout(r, 40));
      }
      return false;
    } finally {
      poll.close();
    }
  }

  it('applies an assignment added or removed on one worker to the next create on the other', async () => {
    // Both workers read (and keep, once their write channel listens) the assignments: none.
    for (let i = 0; i < 4; i++) expect(await followed()).toBe(false);
    for (let round = 0; round < 3; round++) {
      const assigned = await call('/api/workflow-assignments', {
        method: 'POST',
        body: { definition, collection },
      });
      expect(assigned.status).toBe(201);
      expect(await followed()).toBe(true);
      const removed = await call(`/api/workflow-assignments/${assigned.body.data.id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(204);
      expect(await followed()).toBe(false);
    }
  }, 60_000);

  it('reads an item written on one worker from the other at once', async () => {
    for (let i = 0; i < 20; i++) {
      const title = `t-${i}`;
      const created = await call(`/api/items/${collection}`, { method: 'POST', body: { title } });
      expect(created.status).toBe(201);
      const read = await call(`/api/items/${collection}/${created.body.data.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data.title).toBe(title);
    }
  });
});
