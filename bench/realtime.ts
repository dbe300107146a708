/**
 * Realtime delivery under load (`npm run bench`, or `npx tsx bench/realtime.ts` alone): one
 * production server (its usual workers), 1,000 WebSocket subscribers (10 non-admin users with
 * a read permission, 100 connections each, one subscription per connection), and 100 item
 * creates per second through the API for BENCH_RT_SECONDS. Latency is taken from the moment
 * the create request is sent (so it includes the write itself, an upper bound of commit to
 * delivery) to the moment each subscriber has the event, and again from the row's insert
 * (`inserted_at`, the database's clock: closer to commit-to-delivery). The subscribers live in
 * BENCH_RT_CLIENTS processes of their own (bench/realtime-subscribers.ts), apart from the
 * writer.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from '../tests/helpers/server';
import type { ChildMessage, StartMessage } from './realtime-subscribers';

const SUBSCRIBERS = Number(process.env.BENCH_RT_SUBSCRIBERS ?? 1000);
const USERS = 10;
const RATE = Number(process.env.BENCH_RT_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_RT_SECONDS ?? 10);
const WORKERS = process.env.WEB_CONCURRENCY ?? '2';
const CLIENTS = Number(process.env.BENCH_RT_CLIENTS ?? 2);
const WARMUP = Number(process.env.BENCH_RT_WARMUP_SECONDS ?? 1);

async function call(url: string, token: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * The timed creates over kept-alive node:http connections: fetch cost the writer a quarter of
 * a core at 100 requests a second, taken from the server it measures.
 */
function creator(url: string, token: string, collection: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(`/api/items/${collection}`, url);
  return (title: string) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ title });
      const req = http.request(target, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve()
            : reject(new Error(`create: ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
}

async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** A subscriber process, and what it reports. */
interface Client {
  child: ChildProcess;
  received: number;
  next(type: ChildMessage['type']): Promise<ChildMessage>;
}

function client(): Client {
  const child = fork(path.join(import.meta.dirname, 'realtime-subscribers.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const waiting = new Map<string, (m: ChildMessage) => void>();
  const c: Client = {
    child,
    received: 0,
    next: (type) => new Promise((resolve) => waiting.set(type, resolve)),
  };
  child.on('message', (m: ChildMessage) => {
    if (m.type === 'progress') c.received = m.received;
    if (m.type === 'failed') throw new Error(m.error);
    waiting.get(m.type)?.(m);
  });
  return c;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runRealtimeBench(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const server = await startServer({
    env: {
      WEB_CONCURRENCY: WORKERS,
      LOG_LEVEL: 'error',
      REALTIME_MAX_CONNECTIONS_PER_USER: String(Math.ceil(SUBSCRIBERS / USERS)),
    },
  });
  const clients: Client[] = [];
  try {
    const admin = await login(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const collection = `bench_live_${crypto.randomBytes(3).toString('hex')}`;
    await call(server.url, admin, '/api/collections', {
      collection,
      fields: [
        { field: 'title', type: 'string' },
        { field: 'inserted_at', type: 'timestamp' },
      ],
    });
    // When the row went in, on the database's clock (the machine's): a second measure that
    // leaves out the request before the insert, closer to commit-to-delivery.
    const db = new pg.Client({ connectionString: server.database.url ?? undefined });
    await db.connect();
    await db.query(
      `alter table "${collection}" alter column inserted_at set default clock_timestamp()`,
    );
    await db.end();
    const policy = await call(server.url, admin, '/api/policies', { name: `live-${collection}` });
    await call(server.url, admin, '/api/permissions', {
      policy: policy.id,
      collection,
      action: 'read',
      fields: ['*'],
    });
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const email = `live-${u}-${collection}@example.com`;
      const password = crypto.randomBytes(12).toString('hex');
      const user = await call(server.url, admin, '/api/users', { email, password });
      await call(server.url, admin, '/api/access', { user: user.id, policy: policy.id });
      tokens.push(await login(server.url, email, password));
    }
    const wsUrl = server.url.replace('http:', 'ws:') + '/api/websocket';
    for (let i = 0; i < CLIENTS; i++) {
      const c = client();
      clients.push(c);
      const first = Math.floor((i * SUBSCRIBERS) / CLIENTS);
      const count = Math.floor(((i + 1) * SUBSCRIBERS) / CLIENTS) - first;
      const writes = RATE * (WARMUP + SECONDS);
      const start: StartMessage = {
        type: 'start',
        wsUrl,
        tokens,
        collection,
        count,
        first,
        writes,
      };
      c.child.send(start);
    }
    await Promise.all(clients.map((c) => c.next('ready')));
    // Writes at a steady RATE per second, each request on its own (not waiting for the last).
    const writes: Promise<unknown>[] = [];
    const create = creator(server.url, admin, collection);
    // How long each create took to answer: the part of the latency that is the write itself.
    const answered: number[] = [];
    // The first WARMUP seconds of writes are sent alike but not measured (`u` titles): the
    // first reads, compilations and connections of a fresh server are not its steady state.
    const warm = RATE * WARMUP;
    const total = RATE * SECONDS;
    const start = performance.now();
    for (let n = 0; n < warm + total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sent = performance.now();
      const title = `${n < warm ? 'u' : 'w'}${n}@${performance.timeOrigin + sent}`;
      const write = create(title);
      writes.push(n < warm ? write : write.then(() => answered.push(performance.now() - sent)));
    }
    await Promise.all(writes);
    const expected = total * SUBSCRIBERS;
    const until = performance.now() + 10_000;
    const received = () => clients.reduce((n, c) => n + c.received, 0);
    while (received() < expected && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const results = await Promise.all(
      clients.map((c) => {
        const result = c.next('result');
        c.child.send({ type: 'finish' });
        return result;
      }),
    );
    const latencies: number[] = [];
    const fromInsert: number[] = [];
    let duplicates = 0;
    for (const r of results) {
      if (r.type !== 'result') continue;
      for (const l of r.latencies) latencies.push(l);
      for (const l of r.fromInsert) fromInsert.push(l);
      duplicates += r.duplicates;
    }
    const sorted = latencies.sort((a, b) => a - b);
    const insertSorted = fromInsert.sort((a, b) => a - b);
    const writesSorted = [...answered].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    return [
      '# Realtime delivery',
      '',
      `${new Date().toISOString()} · Node ${process.version} · ${WORKERS} workers · PostgreSQL · ` +
        `${SUBSCRIBERS} subscribers (${USERS} non-admin users) · ${RATE} creates/s for ${SECONDS} s ` +
        `after ${WARMUP} s not measured`,
      '',
      '| from | events delivered | expected | duplicates | p50 ms | p90 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      `| create sent | ${latencies.length} | ${expected} | ${duplicates} | ${f(percentile(sorted, 50))} | ${f(percentile(sorted, 90))} | ${f(percentile(sorted, 99))} | ${f(sorted.at(-1) ?? NaN)} |`,
      `| row inserted | ${fromInsert.length} | ${expected} | ${duplicates} | ${f(percentile(insertSorted, 50))} | ${f(percentile(insertSorted, 90))} | ${f(percentile(insertSorted, 99))} | ${f(insertSorted.at(-1) ?? NaN)} |`,
      '',
      'Latency: from sending the create request to the subscriber receiving the event. ' +
        `The creates themselves answered in p50 ${f(percentile(writesSorted, 50))} ms, ` +
        `p99 ${f(percentile(writesSorted, 99))} ms.`,
    ].join('\n');
  } finally {
    for (const c of clients) c.child.kill();
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runRealtimeBench().then(
    (report) => console.log(report),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
