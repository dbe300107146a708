import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RealtimeConnection, type SocketLike } from '@/lib/client/realtime/connection';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestApp } from '../../helpers/app';
import { close, listen } from '../../helpers/node-http';
import {
  created,
  createTitled,
  eventually,
  recorder,
  serverSubscriptions,
} from '../../helpers/realtime-client';
import { sleep, titledCollection } from '../../helpers/realtime';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';

/** The studio's realtime client against the app's own WebSocket endpoint, through a proxy. */
const app = setupTestApp();
const createItem = (title: string) => createTitled(app, admin, collection, title);
let server: http.Server;
let realtimeServer: { close(): void };
let proxy: TcpProxy;
let cookie: string;
let admin: string;
const collection = `rtc_${crypto.randomBytes(4).toString('hex')}`;

function proxyUrl(): string {
  return `ws://127.0.0.1:${proxy.port}/api/websocket`;
}

/** A client as a page of the server's origin opens it: the session cookie, no token. */
function client(options: { heartbeatMs?: number; opened?: number[] } = {}) {
  return new RealtimeConnection({
    url: proxyUrl,
    socket: (url) => {
      options.opened?.push(Date.now());
      const origin = `http://127.0.0.1:${proxy.port}`;
      return new WebSocket(url, { headers: { cookie, origin } }) as unknown as SocketLike;
    },
    backoff: { minMs: 40, maxMs: 400 },
    heartbeatMs: options.heartbeatMs,
    lingerMs: 50,
  });
}

beforeAll(async () => {
  admin = await app.adminToken();
  await titledCollection(app, admin, collection);
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' },
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0];
  const { attachRealtime } = await import('@/lib/realtime/http');
  server = http.createServer((_req, res) => res.writeHead(404).end());
  realtimeServer = attachRealtime(server);
  const base = new URL(await listen(server));
  proxy = await tcpProxy({ host: base.hostname, port: Number(base.port) });
});

afterAll(async () => {
  await proxy?.close();
  realtimeServer?.close();
  await close(server);
});

describe('realtime client connection', () => {
  it('signs in with the session cookie and hears changes to a subscribed collection', async () => {
    const connection = client();
    const rec = recorder();
    const stop = connection.subscribe(
      { collection, query: { fields: ['id', 'title'] } },
      rec.handlers,
    );
    expect(await rec.until((e) => e.event === 'init')).toMatchObject({ resumed: false });
    expect(connection.status).toBe('open');
    await createItem('hello');
    expect(await rec.until(created('hello'))).toMatchObject({ event: 'create' });
    stop();
    connection.close();
  });

  it('shares one server subscription between equal subscriptions until the last leaves', async () => {
    // The earlier tests' lines are closed: none of their subscriptions is left.
    await eventually(async () => (await serverSubscriptions()) === 0);
    const before = 0;
    const connection = client();
    const one = recorder();
    const two = recorder();
    const other = recorder();
    const query = { fields: ['id'] };
    const stopOne = connection.subscribe({ collection, query }, one.handlers);
    const stopTwo = connection.subscribe({ collection, query }, two.handlers);
    await one.until((e) => e.event === 'init');
    expect(connection.subscriptionCount).toBe(1);
    expect(await serverSubscriptions()).toBe(before + 1);
    const stopOther = connection.subscribe(
      { collection, query: { fields: ['title'] } },
      other.handlers,
    );
    await other.until((e) => e.event === 'init');
    expect(await serverSubscriptions()).toBe(before + 2);

    const id = await createItem('shared');
    await one.until(
      (e) => e.event === 'create' && JSON.stringify(e.data) === JSON.stringify([{ id }]),
    );
    await two.until((e) => e.event === 'create');
    stopOne();
    await createItem('second');
    await eventually(() => two.events.filter((e) => e.event === 'create').length === 2);
    expect(one.events.filter((e) => e.event === 'create')).toHaveLength(1);
    expect(await serverSubscriptions()).toBe(before + 2);
    stopTwo();
    await eventually(async () => (await serverSubscriptions()) === before + 1);
    stopOther();
    await eventually(async () => (await serverSubscriptions()) === before);
    expect(connection.subscriptionCount).toBe(0);
    connection.close();
  });

  it('passes on the server refusing a subscription the caller may not read', async () => {
    const connection = client();
    const rec = recorder();
    const stop = connection.subscribe({ collection: 'daas_users' }, rec.handlers);
    await eventually(() => rec.errors.length > 0);
    expect(rec.errors).toEqual(['FORBIDDEN']);
    expect(rec.events).toEqual([]);
    stop();
    connection.close();
  });

  it('reopens a lost line with growing waits, subscribes again and says it resumed', async () => {
    const opened: number[] = [];
    const connection = client({ opened });
    const rec = recorder();
    const stop = connection.subscribe({ collection, query: { fields: ['title'] } }, rec.handlers);
    await rec.until((e) => e.event === 'init');
    const cutAt = Date.now();
    await proxy.cut();
    await eventually(() => connection.status === 'offline');
    // Refused while the proxy is down: the k-th wait is between half and all of
    // min(400, 40 * 2^k) ms (jitter), so the waits grow until they reach the ceiling.
    await sleep(900);
    const retries = opened.filter((t) => t >= cutAt);
    const gaps = retries.slice(1).map((t, i) => t - retries[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    gaps.forEach((gap, i) => {
      const base = Math.min(400, 40 * 2 ** (i + 1));
      expect(gap).toBeGreaterThanOrEqual(base / 2 - 5);
      expect(gap).toBeLessThanOrEqual(base + 150);
    });
    await proxy.restore();
    expect(await rec.until((e) => e.event === 'init' && e.resumed, 3_000)).toBeTruthy();
    expect(connection.status).toBe('open');
    await createItem('after the cut');
    await rec.until(created('after the cut'));
    stop();
    connection.close();
  });

  it('keeps a quiet line open with heartbeats instead of dropping it', async () => {
    const opened: number[] = [];
    const connection = client({ heartbeatMs: 200, opened });
    const rec = recorder();
    const stop = connection.subscribe({ collection, query: { fields: ['id'] } }, rec.handlers);
    await rec.until((e) => e.event === 'init');
    // Ten beats without any change: without the server's pongs the line would count as dead
    // after three, and be dropped and reopened.
    await sleep(2_000);
    expect(opened).toHaveLength(1);
    expect(connection.status).toBe('open');
    stop();
    connection.close();
  });
});
