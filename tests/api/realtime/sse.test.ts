import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { makeCollection } from '../../helpers/collections';
import { createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let admin: string;
const collection = `sse_${crypto.randomBytes(4).toString('hex')}`;

type Message = Record<string, any>;

/** Opens the event stream and parses its `data:` lines as they come. */
async function stream(query: string, token?: string) {
  const { dispatch } = await import('@/lib/http/dispatch');
  const controller = new AbortController();
  const headers = new Headers(token ? { authorization: `Bearer ${token}` } : {});
  const res = await dispatch(
    new Request(`http://localhost/api/realtime?${query}`, { headers, signal: controller.signal }),
  );
  const received: Message[] = [];
  if (res.status === 200) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (chunk.startsWith('data: ')) received.push(JSON.parse(chunk.slice(6)));
        }
      }
    })();
  }
  return {
    res,
    received,
    close: () => controller.abort(),
    async next(match: (m: Message) => boolean, ms = 5_000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const hit = received.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`not received within ${ms} ms: ${JSON.stringify(received)}`);
    },
  };
}

beforeAll(async () => {
  admin = await app.adminToken();
  await makeCollection(app, admin, collection, [
    { field: 'title', type: 'string' },
    { field: 'secret', type: 'string' },
  ]);
});

describe('GET /api/realtime (Server-Sent Events)', () => {
  it('streams init and then the create of an API write', async () => {
    const query = encodeURIComponent(JSON.stringify({ fields: ['id', 'title'] }));
    const sse = await stream(`collection=${collection}&uid=u1&query=${query}`, admin);
    expect(sse.res.status).toBe(200);
    expect(sse.res.headers.get('content-type')).toContain('text/event-stream');
    await sse.next((m) => m.event === 'init' && m.uid === 'u1');
    const made = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin,
      body: { title: 'streamed' },
    });
    expect(made.status).toBe(201);
    const create = await sse.next((m) => m.event === 'create');
    expect(create.data).toEqual([{ id: made.body.data.id, title: 'streamed' }]);
    sse.close();
  });

  it('takes the token from ?access_token= as EventSource cannot send headers', async () => {
    const sse = await stream(`collection=${collection}&access_token=${admin}`);
    expect(sse.res.status).toBe(200);
    await sse.next((m) => m.event === 'init');
    sse.close();
  });

  it('hides the fields a non-admin may not read', async () => {
    const user = await createPermittedUser([
      { collection, action: 'read', fields: ['id', 'title'] },
    ]);
    const token = await app.login(user.email, user.password);
    const sse = await stream(`collection=${collection}`, token);
    await sse.next((m) => m.event === 'init');
    await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin,
      body: { title: 'partial', secret: 'classified' },
    });
    const create = await sse.next((m) => m.event === 'create');
    expect(create.data[0]).toMatchObject({ title: 'partial' });
    expect(JSON.stringify(sse.received)).not.toContain('classified');
    sse.close();
  });

  it('answers 401 to an anonymous caller', async () => {
    const sse = await stream(`collection=${collection}`);
    expect(sse.res.status).toBe(401);
    expect((await sse.res.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 to an unknown parameter and a missing collection', async () => {
    expect((await stream(`collection=${collection}&drop=1`, admin)).res.status).toBe(400);
    expect((await stream('', admin)).res.status).toBe(400);
  });

  it('answers 403 for a collection the caller may not read, and for a system one', async () => {
    const user = await createPermittedUser([{ collection: 'elsewhere', action: 'read' }]);
    const token = await app.login(user.email, user.password);
    const refused = await stream(`collection=${collection}`, token);
    expect(refused.res.status).toBe(403);
    expect((await refused.res.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await stream('collection=daas_users', admin)).res.status).toBe(403);
  });

  it('ends itself after REALTIME_STREAM_MAX_SECONDS, asking the client back in a second', async () => {
    process.env.REALTIME_STREAM_MAX_SECONDS = '1';
    try {
      const { dispatch } = await import('@/lib/http/dispatch');
      const started = Date.now();
      const res = await dispatch(
        new Request(`http://localhost/api/realtime?collection=${collection}`, {
          headers: { authorization: `Bearer ${admin}` },
        }),
      );
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toMatch(/^retry: 1000\n\n/);
      expect(body).toContain('"event":"init"');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      delete process.env.REALTIME_STREAM_MAX_SECONDS;
    }
  });

  it('answers 400 to a query that is not a JSON object', async () => {
    const bad = await stream(`collection=${collection}&query=%7Bnope`, admin);
    expect(bad.res.status).toBe(400);
  });
});
