import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLine, sleep, type Line } from '../helpers/realtime';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

// `npm start` runs a worker per core: a write answered by one worker reaches subscribers on
// the other over the sibling bus, and each must have it exactly once.

let server: StartedServer;
let token: string;
const collection = `live_w_${crypto.randomBytes(4).toString('hex')}`;

/** One request on a connection of its own, so consecutive requests land on either worker. */
function request(
  path: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const url = new URL(path, server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  server = await startServer({ env: { WEB_CONCURRENCY: '2' } });
  const login = await request('/api/auth/login', 'POST', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  token = login.body.data.access_token;
  const made = await request('/api/collections', 'POST', {
    collection,
    fields: [{ field: 'title', type: 'string' }],
  });
  expect(made.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function subscriber(uid: string): Promise<Line> {
  const line = await openLine(server.url.replace('http:', 'ws:') + '/api/websocket');
  line.send({ type: 'auth', access_token: token });
  await line.next((m) => m.type === 'auth' && m.status === 'ok');
  line.send({ type: 'subscribe', collection, uid, query: { fields: ['id', 'title'] } });
  await line.next((m) => m.uid === uid && m.event === 'init');
  return line;
}

describe('realtime with two workers', () => {
  it('delivers every write exactly once to subscribers on either worker', async () => {
    // Several connections, so both workers hold subscribers.
    const lines = await Promise.all(Array.from({ length: 6 }, (_, i) => subscriber(`s${i}`)));
    const titles = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (const title of titles) {
      const res = await request(`/api/items/${collection}`, 'POST', { title });
      expect(res.status).toBe(201);
    }
    const heard = (line: Line) =>
      line.received
        .filter((m) => m.type === 'subscription' && m.event === 'create')
        .flatMap((m) => (m.data as { title: string }[]).map((i) => i.title));
    const deadline = Date.now() + 15_000;
    while (lines.some((l) => new Set(heard(l)).size < titles.length) && Date.now() < deadline) {
      await sleep(50);
    }
    // Anything sent twice would have arrived by now.
    await sleep(500);
    for (const line of lines) {
      expect(heard(line).sort()).toEqual([...titles].sort());
      line.close();
    }
  }, 60_000);
});
