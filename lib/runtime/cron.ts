import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { SystemService, type Item, type Key } from '@/lib/system/system-collection';
import { runCronJob } from './cron-run';
import { provideCron } from './run';
import { checkSchedule, nextRunAt } from './schedule';
import { runtimeDb } from './tables';
import { isUuid } from '@/lib/core/guards';

/** What a client may write; the `last_*` and `next_run_at` columns are the scheduler's. */
export const cronFields = z
  .object({
    name: z.string().trim().min(1).max(255),
    schedule: z.string().trim().min(1).max(255),
    timezone: z.string().min(1).max(64),
    enabled: z.boolean(),
    operation: z.uuid().nullable(),
    payload: z.unknown(),
  })
  .partial()
  .strict();

export const createCronBody = z.union([cronFields, z.array(cronFields).min(1)]);

async function checkOperation(db: Db, id: unknown): Promise<void> {
  if (id === null || id === undefined) return;
  const row = await runtimeDb(db)
    .selectFrom('daas_extensions')
    .select('type')
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (row?.type !== 'operation') {
    throw new InvalidPayloadError('Field "operation" must name an operation extension');
  }
}

async function check(after: Item, ctx: RequestContext): Promise<void> {
  if (typeof after.name !== 'string' || !after.name) {
    throw new InvalidPayloadError('Field "name" is required');
  }
  if (typeof after.schedule !== 'string') {
    throw new InvalidPayloadError('Field "schedule" is required');
  }
  checkSchedule(after.schedule, typeof after.timezone === 'string' ? after.timezone : 'UTC');
  await checkOperation(ctx.db, after.operation);
}

/** A new job's first run; a disabled one has none. */
async function input(data: Item, _ctx: RequestContext, mode: 'create' | 'update') {
  if (mode === 'update' || typeof data.schedule !== 'string') return data;
  const timezone = typeof data.timezone === 'string' ? data.timezone : 'UTC';
  checkSchedule(data.schedule, timezone);
  const next = data.enabled === false ? null : nextRunAt(data.schedule, timezone);
  return { ...data, next_run_at: next?.toISOString() ?? null };
}

/** A changed schedule, time zone or switch moves the next run. */
async function afterUpdate(keys: Key[], change: Item, ctx: RequestContext): Promise<void> {
  if (!('schedule' in change || 'timezone' in change || 'enabled' in change)) return;
  await rescheduled(ctx.db, keys.map(String));
}

export async function rescheduled(db: Db, ids: string[]): Promise<void> {
  const rdb = runtimeDb(db);
  const rows = await rdb
    .selectFrom('daas_cron')
    .select(['id', 'schedule', 'timezone', 'enabled'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    const next = row.enabled ? nextRunAt(row.schedule, row.timezone) : null;
    await rdb
      .updateTable('daas_cron')
      .set({ next_run_at: next })
      .where('id', '=', row.id)
      .execute();
  }
}

export const cron = new SystemService({
  collection: 'daas_cron',
  keyType: 'uuid',
  input,
  check,
  afterUpdate,
  unique: { daas_cron_name_key: 'name' },
});

async function jobById(db: Db, idOrName: string) {
  const rdb = runtimeDb(db);
  let query = rdb.selectFrom('daas_cron').selectAll();
  query = isUuid(idOrName) ? query.where('id', '=', idOrName) : query.where('name', '=', idOrName);
  const job = await query.executeTakeFirst();
  if (!job) throw new NotFoundError('Cron job not found');
  return job;
}

/** `POST /api/cron/:id/trigger` (and `services.cron.trigger`): runs the job now, once. */
export async function triggerCron(idOrName: string, ctx: Pick<RequestContext, 'db'>) {
  const job = await jobById(ctx.db, idOrName);
  return runCronJob(ctx.db, job, { trigger: 'manual' });
}

/** The latest runs of one job, newest first. */
export async function cronRuns(id: string, ctx: Pick<RequestContext, 'db'>) {
  const job = await jobById(ctx.db, id);
  return runtimeDb(ctx.db)
    .selectFrom('daas_cron_runs')
    .select(['id', 'trigger', 'scheduled_for', 'started_at', 'finished_at', 'status', 'error'])
    .where('cron', '=', job.id)
    .orderBy('started_at', 'desc')
    .limit(100)
    .execute();
}

/** `services.cron.list()`: every job with its schedule and last result. */
export async function listCron(ctx: Pick<RequestContext, 'db'>) {
  return runtimeDb(ctx.db)
    .selectFrom('daas_cron')
    .select([
      'id',
      'name',
      'schedule',
      'timezone',
      'enabled',
      'last_run_at',
      'last_status',
      'last_error',
      'next_run_at',
    ])
    .orderBy('name')
    .orderBy(sql`id`)
    .execute();
}

// Stored code reaches cron through `services.cron`; see run.ts for why it is handed in.
provideCron({ trigger: triggerCron, list: listCron });
