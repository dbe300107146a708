import 'server-only';
import { sql } from 'kysely';
import { config } from '@/lib/core/config';
import { dbKind, sessionDb, type Db } from './client';

/**
 * Runs start-up work (migrations, first-start data) that every instance may attempt at once,
 * one instance at a time, with no statement timeout (waiting for the instance ahead may take
 * longer than a request's statement may).
 *
 * With a session connection the lock is a session advisory lock, and `work` may open
 * transactions of its own. Behind a transaction-mode pooler with no DATABASE_DIRECT_URL, two
 * statements may reach two server connections, so a session lock could be taken on one and
 * "released" on another: there everything runs in one transaction holding a transaction lock
 * (`inTransaction` tells `work` not to open one), and `SET LOCAL` ends with it.
 */
export async function exclusively<T>(
  db: Db,
  lock: number,
  work: (db: Db, inTransaction: boolean) => Promise<T>,
): Promise<T> {
  const pooled = dbKind() === 'postgres' && config().DATABASE_POOL_MODE === 'transaction';
  const session = pooled ? sessionDb() : db;
  if (!session) {
    return db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`select pg_advisory_xact_lock(${lock})`.execute(trx);
      return work(trx, true);
    });
  }
  return session.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`select pg_advisory_lock(${lock})`.execute(conn);
    try {
      return await work(conn, false);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}
