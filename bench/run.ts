/**
 * `npm run bench` (after `npm run build`): the production server with /api served directly,
 * then with /api served through Next (API_VIA_NEXT=1), same database, same worker count,
 * one after the other so they never compete for the CPU. Prints a Markdown table and keeps
 * it under bench/results/. Then the items benchmark (bench/items.ts) and the assets benchmark
 * (bench/files.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshDatabase, startServer, type StartedServer } from '../tests/helpers/server';
import { runFilesBench } from './files';
import { runItemsBench } from './items';
import { runRealtimeBench } from './realtime';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WORKERS = process.env.WEB_CONCURRENCY ?? '2';

const targets = [
  { name: 'GET /api/server/ping (text, no query)', path: '/api/server/ping', status: 200 },
  { name: 'GET /api/health (JSON, one query)', path: '/api/health', status: 200 },
  { name: 'GET /api/no/such/route (JSON 404)', path: '/api/no/such/route', status: 404 },
];

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, duration: number): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
  };
}

async function run(server: StartedServer): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const t of targets) {
    const probe = await fetch(server.url + t.path);
    await probe.arrayBuffer();
    if (probe.status !== t.status) throw new Error(`${t.path} answered ${probe.status}`);
    await measure(server.url + t.path, 1); // warm-up: JIT, pools, caches
    out.push(await measure(server.url + t.path, DURATION_S));
  }
  return out;
}

async function main() {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const results: Record<'direct' | 'next', Measure[]> = { direct: [], next: [] };
  try {
    for (const mode of ['direct', 'next'] as const) {
      const server = await startServer({
        database,
        apiViaNext: mode === 'next',
        env: { WEB_CONCURRENCY: WORKERS, LOG_LEVEL: 'error' },
      });
      try {
        results[mode] = await run(server);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }

  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const lines = [
    `# API throughput: direct dispatch vs Next route handlers`,
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores · ` +
      `${WORKERS} workers · ${CONNECTIONS} connections · ${DURATION_S} s per run · PostgreSQL`,
    '',
    '| route | direct req/s | p50 / p99 ms | via Next req/s | p50 / p99 ms | ratio |',
    '|---|---:|---:|---:|---:|---:|',
    ...targets.map((t, i) => {
      const d = results.direct[i];
      const x = results.next[i];
      return `| ${t.name} | ${n(d.rps)} | ${d.p50} / ${d.p99} | ${n(x.rps)} | ${x.p50} / ${x.p99} | ${(d.rps / x.rps).toFixed(2)}x |`;
    }),
  ];
  const errors = [...results.direct, ...results.next].reduce((s, m) => s + m.errors, 0);
  if (errors) lines.push('', `Connection errors or timeouts: ${errors}`);
  const report = lines.join('\n') + '\n';
  console.log(report);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  // The items engine on a realistic data set, next to bare node:http and pgbench.
  if (process.env.BENCH_ITEMS !== '0') console.log(await runItemsBench());
  // Assets, original and a cached transform, next to a bare node:http file server.
  if (process.env.BENCH_FILES !== '0') console.log(await runFilesBench());
  // 1,000 WebSocket subscribers, 100 creates/s: delivery latency.
  if (process.env.BENCH_REALTIME !== '0') console.log(await runRealtimeBench());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
