/**
 * The reference for bench/items.ts: a bare node:http server with a pg Pool that answers each
 * benchmark request by sending the same statements the API sends (captured from it) and
 * writing the rows as JSON. No routing table, no authentication, no validation: the floor
 * the API is measured against. Same worker count and pool size as the API server.
 *
 * A varied case (BENCH_VARY=1) also matches its path pattern: the value in the path goes into
 * the parameters its slots name (bench/vary.ts).
 *
 * Env: BENCH_CASES (JSON file: [{method, path, statements, pattern?, slots?}]), DATABASE_URL,
 * PORT, WEB_CONCURRENCY, DB_POOL_MAX.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { runClustered } from './cluster';
import { bind, type Slot } from './vary';

interface Case {
  method: string;
  path: string;
  statements: { text: string; values: unknown[] }[];
  pattern?: string;
  slots?: Slot[];
}

/** The case a request is for, with its statements bound to the request's value. */
function route(cases: Case[], exact: Map<string, Case>, method: string, url: string): Case | null {
  const hit = exact.get(`${method} ${url}`);
  if (hit) return hit;
  for (const c of cases) {
    if (!c.pattern || !c.slots || c.method !== method) continue;
    const m = new RegExp(c.pattern).exec(url);
    if (m) return { ...c, statements: bind(c.statements, c.slots, decodeURIComponent(m[1])) };
  }
  return null;
}

function serve(): void {
  const cases = JSON.parse(fs.readFileSync(process.env.BENCH_CASES!, 'utf8')) as Case[];
  const byKey = new Map(cases.map((c) => [`${c.method} ${c.path}`, c]));
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DB_POOL_MAX ?? 10),
  });

  const answer = async (c: Case): Promise<string> => {
    // One client for the lot: a captured write is a transaction (begin … commit).
    const client = await pool.connect();
    try {
      let rows: Record<string, unknown>[] = [];
      for (const s of c.statements) {
        const res = await client.query(s.text, s.values);
        if (res.rows.length) rows = res.rows;
      }
      const data = rows.map((r) => ('item' in r ? r.item : r)).filter((r) => r !== null);
      return JSON.stringify({ data });
    } finally {
      client.release();
    }
  };

  http
    .createServer((req, res) => {
      const c = route(cases, byKey, req.method ?? '', req.url ?? '');
      req.resume();
      req.on('end', () => {
        if (!c) return void res.writeHead(404).end();
        answer(c).then(
          (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(body),
          () => res.writeHead(500).end(),
        );
      });
    })
    .listen(Number(process.env.PORT), '127.0.0.1');
}

runClustered(serve);
