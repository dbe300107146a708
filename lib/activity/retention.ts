import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/core/logger';
import { loadSettings } from '@/lib/settings/cache';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first run waits a little, so a start (or a crash loop) is not slowed by it. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Deletes activity entries older than `activity_retention_days` (their revisions go with
 * them); 0 keeps everything. Idempotent, so several instances may run it.
 */
export async function purgeActivity(db: Db): Promise<number> {
  const { activity_retention_days: days } = await loadSettings(db);
  if (!days) return 0;
  const res = await db
    .deleteFrom('daas_activity')
    .where('timestamp', '<', sql<string>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

const holder = globalThis as typeof globalThis & { __daasHousekeeping?: NodeJS.Timeout };

/** Runs the purge once a day in this process (once per process, however often called). */
export function startHousekeeping(): void {
  if (holder.__daasHousekeeping) return;
  const run = () =>
    purgeActivity(getDb()).then(
      (n) => n && logger.info({ deleted: n }, 'activity retention: old entries purged'),
      (err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : err }, 'activity purge failed'),
    );
  holder.__daasHousekeeping = setTimeout(() => {
    void run();
    holder.__daasHousekeeping = setInterval(() => void run(), DAY_MS).unref();
  }, FIRST_RUN_DELAY_MS).unref();
}
