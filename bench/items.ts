/**
 * Items API throughput on a realistic data set (100 authors, 100,000 articles, 20 tags,
 * ~300,000 article↔tag links) on PostgreSQL, next to two references answering the same
 * requests with the same SQL: a bare node:http server (bench/bare-server.ts) and pgbench.
 * The API authenticates with an admin static token (daas_users.token): one indexed lookup.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bundle } from '../scripts/build-server';
import {
  ADMIN_EMAIL,
  freshDatabase,
  ROOT,
  startServer,
  type FreshDatabase,
} from '../tests/helpers/server';
import type { BenchRequest, Captured, Statement } from './capture';
import { keepReport, measure, runIfMain, startBareServer, type BareServer } from './harness';
import { pgbench, pgbenchPath, type Measure, type PgbenchVary } from './pgbench';
import { seed } from './seed';
import {
  fill,
  ID,
  OFFSET,
  pathPattern,
  pick,
  probes,
  SEARCH_WORD,
  slots,
  THRESHOLD,
  varied,
  type Slot,
  type Variation,
} from './vary';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const WORKERS = process.env.WEB_CONCURRENCY ?? '2';
const TOKEN = 'bench-admin-static-token-0123456789';
const MEMBER_TOKEN = 'bench-member-static-token-0123456789';

interface Case extends BenchRequest {
  name: string;
  /** Held to the target: API ≥ 50% of bare node:http. */
  target?: boolean;
  /** BENCH_VARY=1: the path with `{v}` for a value drawn per request (see vary.ts). */
  vary?: Variation;
}

export const CASES: Case[] = [
  {
    name: 'list 25',
    method: 'GET',
    path: '/api/items/articles?limit=25',
    target: true,
    vary: { path: '/api/items/articles?limit=25&offset={v}', draw: OFFSET },
  },
  {
    name: 'list 25, non-admin with item filter',
    method: 'GET',
    path: '/api/items/articles?limit=25',
    token: MEMBER_TOKEN,
    vary: { path: '/api/items/articles?limit=25&offset={v}', draw: OFFSET },
  },
  {
    name: 'filter + sort',
    method: 'GET',
    path: '/api/items/articles?filter[status][_eq]=published&filter[views][_gt]=5000&sort=-published_at&limit=25',
    vary: {
      path: '/api/items/articles?filter[status][_eq]=published&filter[views][_gt]=5000&sort=-published_at&limit=25&offset={v}',
      draw: OFFSET,
    },
  },
  {
    name: 'M2O fields',
    method: 'GET',
    path: '/api/items/articles?fields=id,title,author.name&limit=25',
    target: true,
    vary: {
      path: '/api/items/articles?fields=id,title,author.name&limit=25&offset={v}',
      draw: OFFSET,
    },
  },
  {
    name: 'M2M fields',
    method: 'GET',
    path: '/api/items/articles?fields=id,title,tags.tags_id.name&limit=25',
    target: true,
    vary: {
      path: '/api/items/articles?fields=id,title,tags.tags_id.name&limit=25&offset={v}',
      draw: OFFSET,
    },
  },
  {
    name: 'aggregate + groupBy',
    method: 'GET',
    path: '/api/items/articles?aggregate[count]=*&aggregate[avg]=views&groupBy[]=status',
    vary: {
      path: '/api/items/articles?aggregate[count]=*&aggregate[avg]=views&groupBy[]=status&filter[views][_gte]={v}',
      draw: THRESHOLD,
    },
  },
  {
    name: 'read by id',
    method: 'GET',
    path: '/api/items/articles/54321',
    target: true,
    vary: { path: '/api/items/articles/{v}', draw: ID },
  },
  {
    name: 'create',
    method: 'POST',
    path: '/api/items/articles',
    body: { title: 'Bench', status: 'draft', views: 1, author: 7, body: 'Written by the bench' },
  },
  {
    name: 'search',
    method: 'GET',
    path: '/api/items/articles?search=needle&limit=25',
    vary: { path: '/api/items/articles?search={v}&limit=25', draw: SEARCH_WORD },
  },
  {
    name: 'count=exact',
    method: 'GET',
    path: '/api/items/articles?limit=25&count=exact',
    vary: { path: '/api/items/articles?limit=25&count=exact&offset={v}', draw: OFFSET },
  },
];

/** BENCH_ONLY="read by id,list 25" measures just those rows (names as in the table). */
function selected(): Case[] {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  if (!only?.length) return CASES;
  const picked = CASES.filter((c) => only.includes(c.name));
  if (!picked.length) throw new Error(`BENCH_ONLY matches no case: ${process.env.BENCH_ONLY}`);
  return picked;
}

function measureCase(c: Case, base: string, headers: Record<string, string>, seconds: number) {
  const vary = varied() ? c.vary : undefined;
  return measure(
    {
      url: base + c.path,
      method: c.method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
      requests: vary
        ? [{ setupRequest: (req) => ({ ...req, path: fill(vary, pick(vary.draw)) }) }]
        : undefined,
    },
    seconds,
    CONNECTIONS,
  );
}

interface Replay {
  method: string;
  path: string;
  statements: Statement[];
  pattern?: string;
  slots?: Slot[];
}

function sameTexts(a: Statement[], b: Statement[]): boolean {
  return a.length === b.length && a.every((s, i) => s.text === b[i].text);
}

/**
 * What the references replay for each case: the captured statements and, in the varied
 * mode, where the value goes (each varied case is captured with two values, see vary.ts).
 * Each pair is sent twice and the second is kept: what the API has learnt of a value's
 * rows (a count past the cap) shortens its later statements, and the load repeats values.
 */
async function replays(database: FreshDatabase, cases: Case[]): Promise<Replay[]> {
  const requests = cases.flatMap((c) => {
    if (!varied() || !c.vary) return [c];
    const [a, b] = probes(c.vary.draw);
    const pair = [
      { ...c, path: fill(c.vary, a) },
      { ...c, path: fill(c.vary, b) },
    ];
    return [...pair, ...pair];
  });
  const captured = await capture(database, requests);
  captured.forEach((c, i) => {
    if (c.status >= 300) throw new Error(`${requests[i].path}: the API answered ${c.status}`);
  });
  let at = 0;
  return cases.map((c) => {
    if (!varied() || !c.vary)
      return { method: c.method, path: c.path, statements: captured[at++].statements };
    at += 2;
    const first = captured[at++];
    const second = captured[at++];
    const [a, b] = probes(c.vary.draw);
    if (c.vary.draw.kind !== 'int' && !sameTexts(first.statements, second.statements)) {
      // A common word's count past the cap is kept, a rare word's is not: two statements.
      // pgbench replays one word anyway, so the references replay the first probe's, for
      // every word the load sends.
      return {
        method: c.method,
        path: fill(c.vary, a),
        statements: first.statements,
        pattern: pathPattern(c.vary),
        slots: [],
      };
    }
    return {
      method: c.method,
      path: fill(c.vary, a),
      statements: first.statements,
      pattern: pathPattern(c.vary),
      slots: slots(first.statements, second.statements, a, b),
    };
  });
}

/** pgbench draws an integer itself; a word (search) stays the first probe's. */
function pgbenchVary(c: Case, r: Replay): PgbenchVary | undefined {
  const draw = c.vary?.draw;
  if (!r.slots || draw?.kind !== 'int') return undefined;
  return { min: draw.min, max: draw.max, at: r.slots };
}

function serverEnv(database: FreshDatabase): Record<string, string> {
  return { ...database.env, WEB_CONCURRENCY: WORKERS, LOG_LEVEL: 'error' };
}

/** Every request through the API in process once, recording the SQL it sends. */
export async function capture(database: FreshDatabase, cases: Case[]): Promise<Captured[]> {
  const outfile = path.join('dist', `bench-capture-${process.pid}.mjs`);
  await bundle({ entry: 'bench/capture.ts', outfile });
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...database.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
    };
    env.SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
    env.PUBLIC_URL = 'http://127.0.0.1';
    const input = JSON.stringify({ base: 'http://127.0.0.1', token: TOKEN, requests: cases });
    const run = spawnSync(process.execPath, [path.join(ROOT, outfile)], {
      cwd: ROOT,
      env,
      input,
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(`capture failed: ${run.stderr.toString()}`);
    return JSON.parse(run.stdout.toString()) as Captured[];
  } finally {
    fs.rmSync(path.join(ROOT, outfile), { force: true });
    fs.rmSync(path.join(ROOT, outfile + '.map'), { force: true });
  }
}

async function startBare(database: FreshDatabase, cases: object[]): Promise<BareServer> {
  const file = path.join(os.tmpdir(), `bench-cases-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(cases));
  try {
    const server = await startBareServer('bench/bare-server.ts', {
      ...database.env,
      BENCH_CASES: file,
      WEB_CONCURRENCY: WORKERS,
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        fs.rmSync(file, { force: true });
      },
    };
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  }
}

interface Row {
  c: Case;
  api: Measure;
  bare: Measure;
  pgb: Measure | null;
  statements: number;
}

function table(rows: Row[]): string {
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '–');
  const lat = (m: Measure) => `${m.p50} / ${m.p99}`;
  return [
    '| request | SQL stmts | API req/s | p50 / p99 ms | bare req/s | p50 / p99 ms | pgbench tps | p50 / p99 ms | API/bare | API/pgbench |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ c, api, bare, pgb, statements }) =>
        [
          `${c.name}${c.target ? ' *' : ''}`,
          statements,
          n(api.rps),
          lat(api),
          n(bare.rps),
          lat(bare),
          pgb ? n(pgb.rps) : '–',
          pgb ? lat(pgb) : '–',
          pct(api.rps, bare.rps),
          pgb ? pct(api.rps, pgb.rps) : '–',
        ]
          .join(' | ')
          .replace(/^/, '| ') + ' |',
    ),
  ].join('\n');
}

/** Admin list 25 against the same read by a non-admin whose policy filters the rows. */
function permissionCost(rows: Row[]): string {
  const admin = rows.find((r) => r.c.name === 'list 25');
  const member = rows.find((r) => r.c.name.startsWith('list 25, non-admin'));
  if (!admin || !member || !member.api.rps) return '';
  const ratio = admin.api.rps / member.api.rps;
  return `\nNon-admin list 25 with an item filter costs ${ratio.toFixed(2)}x the admin read (aim: under 1.3x).`;
}

/**
 * A server that starts on large tables builds their search indexes a few seconds later:
 * measuring during that build would measure the build. Waits until no index is being built.
 */
async function searchIndexesBuilt(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise((r) => setTimeout(r, 6_000));
    let idle = 0;
    for (let i = 0; i < 600 && idle < 4; i++) {
      const { rowCount } = await client.query('select 1 from pg_stat_progress_create_index');
      idle = rowCount ? 0 : idle + 1;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

export async function runItemsBench(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const rows: Row[] = [];
  const bin = pgbenchPath();
  try {
    // A first start migrates and creates the administrator; the data goes in while it is down.
    await (await startServer({ database, env: serverEnv(database) })).stop();
    const started = Date.now();
    await seed(database.url!, { token: TOKEN, adminEmail: ADMIN_EMAIL, memberToken: MEMBER_TOKEN });
    console.error(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const cases = selected();
    const replayed = await replays(database, cases);
    const api = await startServer({ database, env: serverEnv(database) });
    await searchIndexesBuilt(database.url!);
    const bare = await startBare(database, replayed);
    try {
      for (const [i, c] of cases.entries()) {
        const auth = { authorization: `Bearer ${c.token ?? TOKEN}` };
        await measureCase(c, api.url, auth, 1);
        const a = await measureCase(c, api.url, auth, DURATION_S);
        await measureCase(c, bare.url, {}, 1);
        const b = await measureCase(c, bare.url, {}, DURATION_S);
        const r = replayed[i];
        const p = bin
          ? await pgbench(bin, database.url!, r.statements, DURATION_S, pgbenchVary(c, r))
          : null;
        rows.push({ c, api: a, bare: b, pgb: p, statements: r.statements.length });
        console.error(
          `${c.name}: API ${Math.round(a.rps)}, bare ${Math.round(b.rps)}, pgbench ${Math.round(p?.rps ?? 0)}`,
        );
      }
    } finally {
      await bare.stop();
      await api.stop();
    }
  } finally {
    await database.drop();
  }
  const errors = rows
    .flatMap((r) => [r.api, r.bare, r.pgb].map((m) => m?.errors ?? 0))
    .reduce((s, e) => s + e, 0);
  const missed = rows.filter((r) => r.c.target && r.api.rps < r.bare.rps / 2).map((r) => r.c.name);
  const lines = [
    '# Items API vs bare node:http vs pgbench (same SQL)',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores · ` +
      `${WORKERS} workers for the API and for the bare server · pool 10 per worker · ` +
      `${CONNECTIONS} connections · ${DURATION_S} s per run · PostgreSQL · pgbench -c 10 -j 2`,
    '',
    varied()
      ? 'Varied (BENCH_VARY=1): every request differs within its shape (a random offset below 5,000, id, search word or views threshold), the same random space for all three; pgbench draws the same integers (its search word stays fixed).'
      : 'Repeated: each row sends one request over and over (a response cache may answer it).',
    '',
    'Data: 100 authors, 100,000 articles, 20 tags, ~300,000 article↔tag links. The API',
    'authenticates an admin static token on every request; the references skip authentication',
    'and send the statements the API sent for the same request (SQL stmts, captured from it).',
    '* = target: the API at 50% or more of bare node:http.',
    '',
    table(rows),
    '',
    missed.length ? `Below target: ${missed.join(', ')}` : 'Every target met.',
    permissionCost(rows),
  ];
  if (errors) lines.push('', `Non-2xx responses, errors or timeouts: ${errors}`);
  if (!bin) lines.push('', 'pgbench was not found: its column is empty.');
  return keepReport(varied() ? 'items-varied' : 'items', lines.join('\n') + '\n');
}

runIfMain(import.meta.filename, runItemsBench);
