/**
 * `npx tsx bench/deep.ts` (after `npm run build`, PostgreSQL at DATABASE_URL or on
 * 127.0.0.1:5432): how long one list read takes on the first page, page 98 and the last page
 * of the bench articles at 100,000 and at 1,000,000 rows, with the read cache off, the best
 * of three requests each. A page is chosen by its keys before its items are built, so a deep
 * `offset` skips index entries, not built items.
 */
import { freshDatabase, startServer } from '../tests/helpers/server';
import { keepReport, runIfMain } from './harness';
import { grow } from './scale';
import { seed } from './seed';

const TOKEN = 'bench-admin-static-token-0123456789';
const LIMIT = 25;

async function bestOf3(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await res.json()) as { data?: unknown[] };
    if (res.status !== 200 || !body.data?.length) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

async function main(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const rows: string[] = [];
  try {
    await (await startServer({ database })).stop();
    await seed(database.url!, { token: TOKEN, adminEmail: 'admin@example.com' });
    for (const size of [100_000, 1_000_000]) {
      if (size > 100_000) await grow(database.url!, size);
      const server = await startServer({
        database,
        env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'error', READ_CACHE: 'false' },
      });
      try {
        const pages = [
          ['page 1', 0],
          ['page 98', 97 * LIMIT],
          ['last page', size - LIMIT],
        ] as const;
        for (const [name, offset] of pages) {
          for (const fields of ['*', 'id,title,author.name,tags.tags_id.name']) {
            const path = `/api/items/articles?limit=${LIMIT}&offset=${offset}&fields=${fields}`;
            const ms = await bestOf3(server.url + path);
            rows.push(
              `| ${size.toLocaleString('en')} | ${name} | \`${fields}\` | ${ms.toFixed(0)} |`,
            );
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
  return keepReport(
    'deep',
    [
      `One list read (\`limit=${LIMIT}&offset=…\`, admin static token, read cache off), best of 3`,
      '',
      '| articles | page | fields | ms |',
      '|---:|---|---|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}

runIfMain(import.meta.filename, main);
