/**
 * Memory under sustained load, repeatably: starts `npm start` (two workers) on a database of
 * its own, sends reads and writes for SOAK_SECONDS, prints every worker's resident memory
 * every 30 s, and exits 1 when the last third of the samples averages more than 20% above
 * the first third (a leak). Needs `npm run build` and DATABASE_URL (a PostgreSQL server the
 * script may create and drop a database on).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/soak.ts
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_MS = 30_000;
const CONNECTIONS = 10;
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL is required');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(+entry);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const name = `daas_soak_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const port = await freePort();
const email = 'soak@example.com';
const password = crypto.randomBytes(12).toString('hex');
const server = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '2',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const api = `http://127.0.0.1:${port}/api`;
let failed = false;
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start');
    const ok = await fetch(`${api}/server/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${api}/collections`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ collection: 'soak', fields: [{ field: 'title', type: 'string' }] }),
  });
  const end = Date.now() + seconds * 1000;
  let requests = 0;
  const worker = async (n: number) => {
    while (Date.now() < end) {
      const write = requests % 10 === n % 10;
      const res = write
        ? await fetch(`${api}/items/soak`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: `t${requests}` }),
          })
        : await fetch(`${api}/items/soak?limit=25&sort=-id&page=${(requests % 5) + 1}`, {
            headers,
          });
      await res.arrayBuffer();
      requests++;
    }
  };
  const samples: number[][] = [];
  const sampler = setInterval(() => {
    const rss = children(server.pid!).map(rssMb);
    samples.push(rss);
    console.log(
      `${Math.round((SAMPLE_MS * samples.length) / 1000)} s: ${requests} requests, RSS MB ${rss.join(' / ')}`,
    );
  }, SAMPLE_MS);
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
  clearInterval(sampler);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const mean = (rows: number[][]) =>
    rows.flat().reduce((a, b) => a + b, 0) / Math.max(1, rows.flat().length);
  const first = mean(samples.slice(0, third));
  const last = mean(samples.slice(-third));
  console.log(`first third ${first.toFixed(0)} MB, last third ${last.toFixed(0)} MB`);
  failed = last > first * 1.2;
  if (failed) console.log('memory grew: a leak?');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
