import 'server-only';
import { sql, type Kysely } from 'kysely';
import { logger } from '@/lib/core/logger';
import type { Database } from '@/lib/core/tables';
import * as m0001 from './migrations/0001-system-tables';
import * as m0002 from './migrations/0002-tfa-steps';
import * as m0003 from './migrations/0003-files';
import * as m0004 from './migrations/0004-presets';
import * as m0005 from './migrations/0005-runtime';
import * as m0006 from './migrations/0006-asset-presets';
import * as m0007 from './migrations/0007-workflows';
import * as m0008 from './migrations/0008-extension-error-time';
import * as m0009 from './migrations/0009-user-provider-identity';
import * as m0010 from './migrations/0010-comments';

interface Migration {
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '0001-system-tables', up: m0001.up },
  { name: '0002-tfa-steps', up: m0002.up },
  { name: '0003-files', up: m0003.up },
  { name: '0004-presets', up: m0004.up },
  { name: '0005-runtime', up: m0005.up },
  { name: '0006-asset-presets', up: m0006.up },
  { name: '0007-workflows', up: m0007.up },
  { name: '0008-extension-error-time', up: m0008.up },
  { name: '0009-user-provider-identity', up: m0009.up },
  { name: '0010-comments', up: m0010.up },
];

// Any fixed 64-bit number; every instance of the service uses the same one.
const MIGRATION_LOCK = 4_111_720_931;

/**
 * Applies pending migrations. A session-level advisory lock makes concurrent starts wait for
 * each other: the first applies, the rest find nothing left to do. Each migration runs in its
 * own transaction together with its bookkeeping row.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    // Waiting for another instance's migrations, and the migrations themselves, may take
    // longer than DB_STATEMENT_TIMEOUT_MS allows a request's statement.
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists daas_migrations (
        name varchar(255) primary key,
        applied_on timestamptz not null default now()
      )`.execute(conn);
      const done = new Set(
        (await conn.selectFrom('daas_migrations').select('name').execute()).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await migration.up(trx as unknown as Kysely<unknown>);
          await trx.insertInto('daas_migrations').values({ name: migration.name }).execute();
        });
        applied.push(migration.name);
        logger.info({ migration: migration.name }, 'migration applied');
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}
