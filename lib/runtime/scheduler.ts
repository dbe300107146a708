import 'server-only';
import { sql } from 'kysely';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import { getDb, type Db } from '@/lib/db/client';
// Loaded with the scheduler, in every process, so `services.cron` is wired before stored
// code first runs, whichever route loads first.
import './cron';
import { runCronJob } from './cron-run';
import { nextRunAt } from './schedule';
import { runtimeDb } from './tables';

interface DueRow {
  id: string;
  name: string;
  schedule: string;
  timezone: string;
  operation: string | null;
  payload: unknown;
  next_run_at: Date | string;
}

/**
 * Claims one due run for this instance. The row lock (`for update skip locked`) lets one
 * instance move `next_run_at` on while the others pass the row by, and after that commit the
 * row is no longer due; the unique (cron, scheduled_for) run row settles any remaining race.
 */
async function claim(db: Db, id: string) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<DueRow>`
      select id, name, schedule, timezone, operation, payload, next_run_at from daas_cron
      where id = ${id} and enabled and next_run_at <= now()
      for update skip locked`.execute(trx);
    const job = rows[0];
    if (!job) return null;
    const rdb = runtimeDb(trx);
    const next = nextRunAt(job.schedule, job.timezone, new Date());
    await rdb.updateTable('daas_cron').set({ next_run_at: next }).where('id', '=', id).execute();
    const run = await rdb
      .insertInto('daas_cron_runs')
      .values({
        cron: id,
        trigger: 'schedule',
        scheduled_for: job.next_run_at,
        started_at: new Date(),
        status: 'running',
      })
      .onConflict((oc) => oc.columns(['cron', 'scheduled_for']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return run ? { job, run: run.id } : null;
  });
}

/**
 * One pass: every due job is claimed and, when this instance won it, run. `runs` collects
 * the runs started, for a caller that must not return before they end (a serverless call).
 */
export async function tick(db: Db = getDb(), runs?: Promise<void>[]): Promise<number> {
  const due = await runtimeDb(db)
    .selectFrom('daas_cron')
    .select('id')
    .where('enabled', '=', true)
    .where('next_run_at', '<=', sql<Date>`now()`)
    .execute();
  let started = 0;
  for (const { id } of due) {
    const claimed = await claim(db, id);
    if (!claimed) continue;
    started++;
    const run = runCronJob(db, claimed.job, { trigger: 'schedule', run: claimed.run }).catch(
      (err: unknown) =>
        logger.error({ err: err instanceof Error ? err.message : err }, 'cron run not recorded'),
    );
    runs?.push(run.then(() => undefined));
  }
  return started;
}

const holder = globalThis as typeof globalThis & { __daasCron?: { stop: boolean } };

/**
 * Checks for due jobs just after every second boundary, in this process. Every process may
 * run it: a scheduled time is claimed by one of them only. Off with CRON_ENABLED=false.
 */
export function startCron(): void {
  if (holder.__daasCron || !config().CRON_ENABLED) return;
  const state = (holder.__daasCron = { stop: false });
  const loop = () => {
    if (state.stop) return;
    const wait = 1000 - (Date.now() % 1000) + 20;
    setTimeout(() => {
      tick().then(
        () => loop(),
        (err: unknown) => {
          logger.warn({ err: err instanceof Error ? err.message : err }, 'cron tick failed');
          loop();
        },
      );
    }, wait).unref();
  };
  loop();
}

export function stopCron(): void {
  if (holder.__daasCron) holder.__daasCron.stop = true;
  holder.__daasCron = undefined;
}
