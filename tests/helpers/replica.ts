import pg from 'pg';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `text` on the database at `url` with a connection of its own. */
export async function onDatabase(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A database standing in for a read replica: a copy of the running test app's database
 * (DATABASE_URL) as it is now, on the same server. A template may have no connections, so
 * the app lets go of its own first; it opens new ones on its next request. The copy then
 * receives none of the primary's writes: it is a replica that stopped replaying.
 */
export async function copyAsReplica(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { closeDb } = await import('@/lib/db/client');
  await closeDb();
  const primary = process.env.DATABASE_URL!;
  const base = process.env.TEST_BASE_DATABASE_URL!;
  const source = new URL(primary).pathname.slice(1);
  for (let attempt = 0; ; attempt++) {
    try {
      await onDatabase(base, `create database ${name} template ${source}`);
      break;
    } catch (err) {
      // 55006: the server has not yet seen the app's connections close.
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await sleep(100);
    }
  }
  const url = new URL(primary);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onDatabase(base, `drop database if exists ${name} with (force)`);
    },
  };
}
