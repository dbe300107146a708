import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';

/** A new, empty database on the PostgreSQL server at `base`, and how to drop it again. */
export async function newPgDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `daas_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Gives the calling test file a database of its own: a new database on the PostgreSQL
 * server named by DATABASE_URL (dropped afterwards), or, without DATABASE_URL, an embedded
 * in-memory PGlite. Sets the process environment so the app's getDb() connects to it.
 */
export async function createTestDatabase(): Promise<{ url: string | null; drop(): Promise<void> }> {
  const base = process.env.TEST_BASE_DATABASE_URL ?? process.env.DATABASE_URL;
  // No data directory on either database: uploads (and a generated secret) stay with this
  // test file's process, not in the project's .data shared by every file running at once.
  process.env.DATA_DIR = 'memory://';
  if (!base) {
    const seed = inject('pgliteSeed');
    if (seed) {
      (globalThis as { __daasPgliteSeed?: Blob }).__daasPgliteSeed = new Blob([
        fs.readFileSync(seed),
      ]);
    }
    return { url: null, drop: async () => undefined };
  }
  process.env.TEST_BASE_DATABASE_URL = base;
  const db = await newPgDatabase(base);
  process.env.DATABASE_URL = db.url;
  // The item read suites run once more with a "replica" that is the database itself: a
  // replica without lag, so every answer must stay the same through the replica's path.
  // No sticky window, so reads right after a write take that path too.
  if (process.env.TEST_READ_REPLICA === 'self') {
    process.env.DATABASE_READ_URL = db.url;
    process.env.DATABASE_READ_STICKY_MS = '0';
  }
  // Behind a pooler (DATABASE_POOL_MODE=transaction) the direct connection names the same
  // database on the server itself.
  const direct = process.env.TEST_BASE_DIRECT_URL ?? process.env.DATABASE_DIRECT_URL;
  if (direct) {
    process.env.TEST_BASE_DIRECT_URL = direct;
    const url = new URL(direct);
    url.pathname = new URL(db.url).pathname;
    process.env.DATABASE_DIRECT_URL = url.toString();
  }
  return db;
}
