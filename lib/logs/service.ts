import 'server-only';
import { z } from 'zod';
import type { Accountability } from '@/lib/core/accountability';
import { hasModuleKey } from '@/lib/access/module-keys';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';
import type { LogEntry } from '@/lib/core/log-buffer';
import { logBuffer } from '@/lib/core/logger';
import { sharedLogs } from './shared';

export const LOGS_MODULE_KEY = 'system:logs';
export const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
const level = z.enum(Object.keys(LEVELS) as [keyof typeof LEVELS, ...(keyof typeof LEVELS)[]]);

export const logsQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  /** Minimum level name: `warn` gives warn, error and fatal. */
  level: level.optional(),
});
export const logStreamQuery = z.object({ level: level.optional() });
export const logEntryResponse = z
  .object({ level: z.number(), time: z.number(), msg: z.string().optional() })
  .loose();

/** Logs are readable by administrators and by holders of the system:logs module key. */
export async function assertCanRead(db: Db, accountability: Accountability): Promise<void> {
  if (accountability.admin) return;
  if (!(await hasModuleKey(db, accountability, LOGS_MODULE_KEY))) throw new ForbiddenError();
}

export async function readLogs(
  input: { query: z.infer<typeof logsQuery> },
  ctx: RequestContext,
): Promise<{ data: LogEntry[]; meta: { total: number } }> {
  await assertCanRead(ctx.db, ctx.accountability);
  const minLevel = input.query.level ? LEVELS[input.query.level] : undefined;
  // With REDIS_URL, every instance's entries; without it (or while Redis is away), this one's.
  const shared = await sharedLogs()?.entries();
  if (!shared) {
    const total = logBuffer.list({ minLevel }).length;
    return { data: logBuffer.list({ minLevel, limit: input.query.limit }), meta: { total } };
  }
  const kept = minLevel === undefined ? shared : shared.filter((e) => e.level >= minLevel);
  const limit = input.query.limit;
  const data = limit === undefined ? kept : limit > 0 ? kept.slice(-limit) : [];
  return { data, meta: { total: kept.length } };
}

/** Clearing is for administrators only, the module key lets its holders read. */
export async function clearLogs(_input: unknown, ctx: RequestContext): Promise<void> {
  if (!ctx.accountability.admin) throw new ForbiddenError();
  logBuffer.clear();
  await sharedLogs()?.clear();
}
