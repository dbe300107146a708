import crypto from 'node:crypto';
import http from 'node:http';
import { EventSource } from 'eventsource';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeConnection } from '@/lib/client/realtime/connection';
import { SseSocket, type EventSourceLike } from '@/lib/client/realtime/sse-socket';
import { setupTestApp } from '../../helpers/app';
import { makeCollection } from '../../helpers/collections';
import { close, listen } from '../../helpers/node-http';
import {
  created,
  createTitled,
  eventually,
  recorder,
  serverSubscriptions,
} from '../../helpers/realtime-client';
import { createPermittedUser } from '../../helpers/permissions';
import { sleep } from '../../helpers/realtime';

/**
 * The studio's realtime client where the server takes no WebSocket (`next dev`, serverless):
 * the same connection over the SSE endpoint, served over real HTTP, signed in by the session
 * cookie as a page of the server's origin is.
 */
const app = setupTestApp();
const createItem = (title: string) => createTitled(app, admin, collection, title);
let server: http.Server;
let base: string;
let admin: string;
const collection = `rts_${crypto.randomBytes(4).toString('hex')}`;

async function sessionCookie(email: string, password: string): Promise<string> {
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    body: { email, password, mode: 'session' },
  });
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0];
}

/** A connection whose every line is an SseSocket sending `cookie`; `streams` counts opens. */
function client(cookie: string, streams: string[] = []) {
  const withCookie = (input: string | URL | Request, init?: RequestInit) =>
    fetch(input, { ...init, headers: { ...(init?.headers as object), cookie } });
  return new RealtimeConnection({
    url: () => 'unused',
    socket: () =>
      new SseSocket({
        url: `${base}/api/realtime`,
        source: (url) => {
          streams.push(url);
          return new EventSource(url, { fetch: withCookie }) as unknown as EventSourceLike;
        },
        fetch: (url) => withCookie(url),
      }),
    backoff: { minMs: 40, maxMs: 400 },
    lingerMs: 50,
  });
}

let adminCookie: string;

beforeAll(async () => {
  admin = await app.adminToken();
  await makeCollection(app, admin, collection, [
    { field: 'title', type: 'string' },
    { field: 'secret', type: 'string' },
  ]);
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = await import('../../helpers/app');
  adminCookie = await sessionCookie(ADMIN_EMAIL, ADMIN_PASSWORD);
  const { serveApi } = await import('@/lib/http/node-adapter');
  const { dispatchApi } = await import('@/lib/http/dispatch');
  server = http.createServer((req, res) => void serveApi(dispatchApi, req, res));
  base = await listen(server);
});

afterEach(() => {
  delete process.env.REALTIME_STREAM_MAX_SECONDS;
});

afterAll(async () => {
  await close(server);
});

describe('realtime client over Server-Sent Events', () => {
  it('signs in with the session cookie and hears creates, one stream per subscription', async () => {
    const streams: string[] = [];
    const connection = client(adminCookie, streams);
    const rec = recorder();
    const stop = connection.subscribe(
      { collection, query: { fields: ['id', 'title'] } },
      rec.handlers,
    );
    expect(await rec.until((e) => e.event === 'init')).toMatchObject({ resumed: false });
    expect(connection.status).toBe('open');
    const id = await createItem('over sse');
    const event = await rec.until(created('over sse'));
    expect(event.data).toEqual([{ id, title: 'over sse' }]);
    expect(streams).toHaveLength(1);
    expect(new URL(streams[0]).searchParams.get('collection')).toBe(collection);
    stop();
    connection.close();
    await eventually(async () => (await serverSubscriptions()) === 0);
  });

  it('tells the subscriber the server refused, with its code, and opens no stream again', async () => {
    const user = await createPermittedUser([{ collection: 'elsewhere', action: 'read' }]);
    const streams: string[] = [];
    const connection = client(await sessionCookie(user.email, user.password), streams);
    const rec = recorder();
    const stop = connection.subscribe({ collection }, rec.handlers);
    await eventually(() => rec.errors.length > 0).catch(() => {
      throw new Error(JSON.stringify({ streams, events: rec.events, status: connection.status }));
    });
    expect(rec.errors).toEqual(['FORBIDDEN']);
    await sleep(300);
    expect(streams).toHaveLength(1);
    expect(rec.events).toEqual([]);
    stop();
    connection.close();
  });

  it('hides the fields a non-admin may not read', async () => {
    const user = await createPermittedUser([
      { collection, action: 'read', fields: ['id', 'title'] },
    ]);
    const connection = client(await sessionCookie(user.email, user.password));
    const rec = recorder();
    const stop = connection.subscribe({ collection }, rec.handlers);
    await rec.until((e) => e.event === 'init');
    const made = await app.request(`/api/items/${collection}`, {
      method: 'POST',
      token: admin,
      body: { title: 'partly shown', secret: 'kept back' },
    });
    expect(made.status).toBe(201);
    const event = await rec.until(created('partly shown'));
    expect(JSON.stringify(event.data)).not.toContain('kept back');
    expect((event.data as Record<string, unknown>[])[0]).not.toHaveProperty('secret');
    stop();
    connection.close();
  });

  it('carries on after the server ends a stream, with a resumed init', async () => {
    process.env.REALTIME_STREAM_MAX_SECONDS = '1';
    const connection = client(adminCookie);
    const rec = recorder();
    const stop = connection.subscribe({ collection, query: { fields: ['title'] } }, rec.handlers);
    await rec.until((e) => e.event === 'init');
    // The stream ends after a second and the EventSource is back a second later.
    await rec.until((e) => e.event === 'init' && e.resumed, 6_000);
    await createItem('after the reconnect');
    await rec.until(created('after the reconnect'));
    expect(connection.status).toBe('open');
    stop();
    connection.close();
  });
});
