import 'server-only';
import { accountabilityOfUser } from '@/lib/auth/authenticate';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/db/client';
import { runOperation } from './operations';
import { runtimeDb } from './tables';

/** Runs kept per job; older ones are dropped after each run. */
const KEEP_RUNS = 100;
const MAX_ERROR = 2_000;

interface Job {
  id: string;
  name: string;
  operation: string | null;
  payload: unknown;
}

export interface RunOutcome {
  status: 'success' | 'error';
  error: string | null;
  result?: unknown;
}

/**
 * The work of one run: the job's operation extension with its payload, as the extension's
 * `run_as` user (none: the public caller, never an administrator), with no scope.
 */
async function execute(db: Db, job: Job): Promise<unknown> {
  if (!job.operation) throw new Error('The job names no operation extension');
  const ext = await runtimeDb(db)
    .selectFrom('daas_extensions')
    .select(['run_as'])
    .where('id', '=', job.operation)
    .executeTakeFirst();
  const accountability = await accountabilityOfUser(db, ext?.run_as ?? null);
  return runOperation(db, {
    id: job.operation,
    payload: typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload,
    accountability,
    scope: undefined,
  });
}

/**
 * One run, recorded: its row in daas_cron_runs (claimed already for scheduled runs), then
 * the job's `last_*` columns. A failure is recorded, never thrown.
 */
export async function runCronJob(
  db: Db,
  job: Job,
  how: { trigger: 'manual' } | { trigger: 'schedule'; run: string },
): Promise<RunOutcome> {
  const rdb = runtimeDb(db);
  const startedAt = new Date();
  const runId =
    how.trigger === 'schedule'
      ? how.run
      : (
          await rdb
            .insertInto('daas_cron_runs')
            .values({ cron: job.id, trigger: 'manual', started_at: startedAt, status: 'running' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
  let outcome: RunOutcome;
  try {
    outcome = { status: 'success', error: null, result: await execute(db, job) };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR);
    logger.warn({ cron: job.name, err: error }, 'cron job failed');
    outcome = { status: 'error', error };
  }
  await rdb
    .updateTable('daas_cron_runs')
    .set({ finished_at: new Date(), status: outcome.status, error: outcome.error })
    .where('id', '=', runId)
    .execute();
  await rdb
    .updateTable('daas_cron')
    .set({ last_run_at: startedAt, last_status: outcome.status, last_error: outcome.error })
    .where('id', '=', job.id)
    .execute();
  await rdb
    .deleteFrom('daas_cron_runs')
    .where('cron', '=', job.id)
    .where(
      'id',
      'not in',
      rdb
        .selectFrom('daas_cron_runs')
        .select('id')
        .where('cron', '=', job.id)
        .orderBy('started_at', 'desc')
        .limit(KEEP_RUNS),
    )
    .execute();
  return outcome;
}
