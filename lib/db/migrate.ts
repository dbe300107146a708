import 'server-only';
import { sql, type Kysely } from 'kysely';
import { logger } from '@/lib/core/logger';
import type { Database } from '@/lib/core/tables';
import { exclusively } from './exclusive';
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
 * Applies pending migrations. An advisory lock makes concurrent starts wait for each other:
 * the first applies, the rest find nothing left to do. Each migration runs in its own
 * transaction together with its bookkeeping row (all in one behind a transaction-mode pooler
 * without a direct connection; see `exclusively`).
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  return exclusively(db, MIGRATION_LOCK, async (conn, inTransaction) => {
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
      const apply = async (trx: Kysely<Database>) => {
        await migration.up(trx as unknown as Kysely<unknown>);
        await trx.insertInto('daas_migrations').values({ name: migration.name }).execute();
      };
      if (inTransaction) await apply(conn);
      else await conn.transaction().execute(apply);
      applied.push(migration.name);
      logger.info({ migration: migration.name }, 'migration applied');
    }
    return applied;
  });
}
