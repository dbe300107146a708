import 'server-only';
import crypto from 'node:crypto';
import { z } from 'zod';
import { purgeActivity } from '@/lib/activity/retention';
import { config } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, UnauthenticatedError } from '@/lib/core/errors';
import type { ApiRequest } from '@/lib/http/api-request';
import { tick } from '../scheduler';

export const scheduledCallQuery = z.object({
  /** Also purge activity past its retention (once a day is enough). */
  housekeeping: z.enum(['true', 'false']).optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /api/server/cron`: one pass of the scheduler, for hosts where no process outlives a
 * request (Vercel Cron calls it with `Authorization: Bearer $CRON_SECRET`). Concurrent calls
 * claim each due run once (row locks, see `tick`); the answer waits for the runs this call
 * claimed, since a serverless function may be frozen as soon as it has answered.
 */
export async function runScheduledCall(
  input: { query: z.infer<typeof scheduledCallQuery>; request: ApiRequest },
  ctx: RequestContext,
): Promise<{ started: number; purged: number | null }> {
  const secret = config().CRON_SECRET;
  if (!secret) throw new ForbiddenError('Set CRON_SECRET to allow scheduled calls');
  const bearer = /^Bearer (.+)$/.exec(input.request.headers.get('authorization') ?? '')?.[1];
  if (!bearer || !sameSecret(bearer, secret)) throw new UnauthenticatedError();
  const runs: Promise<void>[] = [];
  const started = await tick(ctx.db, runs);
  await Promise.all(runs);
  const purged = input.query.housekeeping === 'true' ? await purgeActivity(ctx.db) : null;
  return { started, purged };
}
