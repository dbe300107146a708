import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { newPgDatabase } from '../helpers/database';
import { S3RVER_OBJECT_SUFFIX, startS3Server, type S3Server } from '../helpers/s3-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT, freePort } from '../helpers/server';
import { signInAsAdmin } from '../helpers/studio-session';

const CRON_SECRET = crypto.randomBytes(16).toString('hex');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const NEXT = path.join(ROOT, 'node_modules/next/dist/bin/next');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(log) : reject(new Error(log))));
  });
}

// As on Vercel: `next start` (no custom server), a PostgreSQL server, Redis, an S3 bucket, and
// no disk to write to. The serverless mode needs a database server.
describe.runIf(process.env.DATABASE_URL)('the production build in serverless mode', () => {
  let drop: () => Promise<void>;
  let s3: S3Server;
  let next: ChildProcess;
  let url: string;
  let token: string;
  let log = '';
  let browser: Browser | undefined;
  // Not a folder and can't become one, for root too: any write under DATA_DIR fails.
  const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daas-ro-')), 'not-a-folder');
  fs.writeFileSync(blocker, '');

  beforeAll(async () => {
    const db = await newPgDatabase(process.env.DATABASE_URL!);
    drop = db.drop;
    s3 = await startS3Server();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...s3.env,
      NODE_ENV: 'production',
      SERVERLESS: 'true',
      DATABASE_URL: db.url,
      DATA_DIR: path.join(blocker, 'data'),
      SECRET: crypto.randomBytes(32).toString('hex'),
      CRON_SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `daas-sls-${crypto.randomBytes(4).toString('hex')}:`,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      LOG_STREAM_MAX_SECONDS: '2',
      NODE_OPTIONS: '--no-node-snapshot',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    // The deploy step, before any function starts.
    await run(TSX, ['scripts/migrate.ts'], env);
    next = spawn(process.execPath, [NEXT, 'start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    next.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    next.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${url}/api/server/ping`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || next.exitCode !== null) throw new Error(`no answer:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = (await login.json()).data.access_token;
  });

  afterAll(async () => {
    await browser?.close();
    if (next?.pid && next.exitCode === null) {
      const exited = new Promise((r) => next.once('exit', r));
      process.kill(-next.pid, 'SIGTERM');
      await exited;
    }
    await s3?.close();
    await drop?.();
    fs.rmSync(path.dirname(blocker), { recursive: true, force: true });
  });

  function api(method: string, p: string, body?: unknown, bearer: string | null = token) {
    return fetch(url + p, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer && { authorization: `Bearer ${bearer}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  it('serves schema and item calls as plain route handlers, never from a read cache', async () => {
    const created = await api('POST', '/api/collections', {
      collection: 'sls_notes',
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'body', type: 'string' },
      ],
    });
    expect(created.status).toBe(201);
    expect((await api('POST', '/api/items/sls_notes', { body: 'from a function' })).status).toBe(
      201,
    );
    for (let i = 0; i < 2; i++) {
      const list = await api('GET', '/api/items/sls_notes');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-cache')).not.toBe('HIT');
      expect((await list.json()).data).toEqual([{ id: 1, body: 'from a function' }]);
    }
    expect((await api('GET', '/api/items/sls_notes', undefined, null)).status).toBe(401);
    expect(log).toMatch(/serverless: the read cache is off/);
  });

  it('refuses a signed-in user without permission', async () => {
    const email = `reader-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const user = await api('POST', '/api/users', { email, password: 'reader-password-1' });
    expect(user.status).toBe(201);
    const login = await api('POST', '/api/auth/login', { email, password: 'reader-password-1' });
    const readerToken = (await login.json()).data.access_token as string;
    expect((await api('GET', '/api/items/sls_notes', undefined, readerToken)).status).toBe(403);
  });

  it('stores an upload in the bucket and serves it back', async () => {
    const form = new FormData();
    form.append('file', new Blob(['bucket bytes'], { type: 'text/plain' }), 'kept.txt');
    const upload = await fetch(`${url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()).data;
    const objects = fs.readdirSync(s3.objectsDir, { recursive: true }).map(String);
    expect(objects.some((o) => o.endsWith(S3RVER_OBJECT_SUFFIX))).toBe(true);
    const asset = await api('GET', `/api/assets/${file.id}`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('bucket bytes');
  });

  it('runs the scheduler only for a call bearing CRON_SECRET', async () => {
    expect((await api('GET', '/api/server/cron', undefined, null)).status).toBe(401);
    expect((await api('GET', '/api/server/cron')).status).toBe(401);
    const call = await api('GET', '/api/server/cron', undefined, CRON_SECRET);
    expect(call.status).toBe(200);
    expect((await call.json()).data).toEqual({ started: 0, purged: null });
  });

  it('ends a log stream by itself, telling the client to reconnect', async () => {
    const started = Date.now();
    const res = await api('GET', '/api/logs/stream');
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^retry: 1000\n/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('signs in to the studio and shows the collection', async () => {
    browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/en/content/sls_notes');
    await page.getByRole('cell', { name: 'from a function' }).waitFor();
    await context.close();
  });

  it("shows another writer's item in the studio's table live, over Server-Sent Events", async () => {
    browser ??= await launchChromium();
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const sockets: string[] = [];
    const streams: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (r) => r.url().includes('/api/realtime?') && streams.push(r.url()));
    await signInAsAdmin(page);
    await page.goto('/en/content/sls_notes');
    await page.getByRole('cell', { name: 'from a function' }).waitFor();
    // `next start` takes no WebSocket upgrade: the studio tries twice, then subscribes over SSE.
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect(streams.some((s) => s.includes('collection=sls_notes'))).toBe(true);
    const made = await api('POST', '/api/items/sls_notes', { body: 'written elsewhere' });
    expect(made.status).toBe(201);
    await page.getByRole('cell', { name: 'written elsewhere' }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
