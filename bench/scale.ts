/**
 * `npx tsx bench/scale.ts` (after `npm run build`, PostgreSQL at DATABASE_URL or on
 * 127.0.0.1:5432): list 25 on the bench data set at 100,000 articles, then on the same
 * table grown to 1,000,000 (ANALYZE after), each with the read cache on and off. The
 * server restarts between sizes so no answer is carried over. With `count=estimated` a list
 * should cost the same at both sizes: the total of a whole table is the catalogue's.
 */
import pg from 'pg';
import { freshDatabase, startServer } from '../tests/helpers/server';
import { keepReport, measure, runIfMain } from './harness';
import type { Measure } from './pgbench';
import { seed } from './seed';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const TOKEN = 'bench-admin-static-token-0123456789';
const PATH = '/api/items/articles?limit=25';

export async function grow(url: string, to: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into articles (title, status, views, published_at, body, author)
        select 'Article ' || g, (array['published', 'draft', 'archived'])[1 + g % 3],
          (g::bigint * 7919) % 10000, timestamptz '2020-01-01' + g * interval '7 minutes',
          'Lorem ipsum dolor sit amet, consectetur adipiscing elit. haystack', 1 + g % 100
        from generate_series((select max(id) + 1 from articles), $1::int) g`,
      [to],
    );
    await client.query('vacuum analyze articles');
  } finally {
    await client.end();
  }
}

/** The median of ROUNDS runs of list 25 against a server started for this size. */
async function listRate(
  database: Awaited<ReturnType<typeof freshDatabase>>,
  cache: boolean,
): Promise<Measure & { total: unknown; estimated: unknown }> {
  const server = await startServer({
    database,
    env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'error', READ_CACHE: String(cache) },
  });
  try {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const probe = await fetch(server.url + PATH, { headers });
    const body = (await probe.json()) as { meta?: { total?: unknown; total_estimated?: unknown } };
    if (probe.status !== 200) throw new Error(`list answered ${probe.status}`);
    await measure({ url: server.url + PATH, headers }, 2, CONNECTIONS); // warm-up
    const runs: Measure[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await measure({ url: server.url + PATH, headers }, DURATION_S, CONNECTIONS));
    }
    runs.sort((a, b) => a.rps - b.rps);
    const mid = runs[Math.floor(runs.length / 2)];
    return { ...mid, total: body.meta?.total, estimated: body.meta?.total_estimated };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const rows: string[] = [];
  try {
    // The first start migrates and creates the administrator the seed gives a token.
    await (await startServer({ database })).stop();
    await seed(database.url!, { token: TOKEN, adminEmail: 'admin@example.com' });
    const at: Record<string, Record<string, Measure>> = {};
    for (const size of [100_000, 1_000_000]) {
      if (size > 100_000) await grow(database.url!, size);
      for (const cache of [true, false]) {
        const m = await listRate(database, cache);
        (at[String(cache)] ??= {})[size] = m;
        rows.push(
          `| ${size.toLocaleString('en')} | ${cache ? 'on' : 'off'} | ${Math.round(m.rps)} | ${m.p50} / ${m.p99} | ${m.errors} | ${String(m.total)} (${m.estimated ? 'estimated' : 'exact'}) |`,
        );
      }
    }
    const ratio = (cache: string) =>
      `${((at[cache][1_000_000].rps / at[cache][100_000].rps) * 100).toFixed(0)}%`;
    return keepReport(
      'scale',
      [
        `list 25 (\`GET ${PATH}\`, admin static token), ${CONNECTIONS} connections, 2 workers, median of ${ROUNDS} × ${DURATION_S} s`,
        '',
        '| articles | read cache | req/s | p50 / p99 ms | non-2xx | meta.total |',
        '|---:|---|---:|---:|---:|---|',
        ...rows,
        '',
        `1,000,000 rows vs 100,000: ${ratio('true')} with the read cache, ${ratio('false')} without.`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.drop();
  }
}

runIfMain(import.meta.filename, main);
