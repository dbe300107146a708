import 'server-only';
import { z } from 'zod';
import { actorOf } from '@/lib/core/accountability';
import { limitCalls } from '@/lib/rate-limit';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError, UnauthenticatedError } from '@/lib/core/errors';
import { activitySource } from '@/lib/core/activity-source';

/** What the server itself writes: a client may not forge these. */
export const RESERVED_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'logout',
  'tfa.enable',
  'tfa.disable',
  'workflow.transition',
] as const;

/** POST /api/activity/event: per caller, as the specification sets it. */
const EVENT_LIMIT = { points: 60, duration: 60 };

export const activityEventBody = z
  .object({
    action: z
      .string()
      .trim()
      .min(1)
      .max(45)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
    collection: z.string().min(1).max(64),
    item: z.union([z.string().min(1).max(255), z.number().int()]),
    comment: z.string().max(10_000).nullable().optional(),
    /** Whom the event is about; only an administrator may name another user. */
    user: z.uuid().nullable().optional(),
  })
  .strict();

export const activityRecord = z.object({
  id: z.number(),
  action: z.string(),
  user: z.string().nullable(),
  timestamp: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  collection: z.string(),
  item: z.string(),
  origin: z.string().nullable(),
  comment: z.string().nullable(),
});

/**
 * Logs a non-database event (an export, a page view, a sign-off) in the activity log.
 * Signed-in callers log for themselves (the delegated user when delegating); administrators
 * may log for anyone.
 */
export async function logActivityEvent(
  input: { body: z.infer<typeof activityEventBody>; origin: string | null },
  ctx: RequestContext,
): Promise<z.infer<typeof activityRecord>> {
  const who = ctx.accountability;
  const caller = actorOf(who);
  if (!caller) throw new UnauthenticatedError();
  const { body } = input;
  if ((RESERVED_ACTIONS as readonly string[]).includes(body.action.toLowerCase())) {
    throw new InvalidPayloadError(`Action "${body.action}" is written by the server only`);
  }
  const user = body.user === undefined ? caller : body.user;
  if (user !== caller && !who.admin) {
    throw new ForbiddenError('Only an administrator may log events for another user');
  }
  await limitCalls('activity-event', caller, EVENT_LIMIT);
  const row = await ctx.db
    .insertInto('daas_activity')
    .values({
      action: body.action,
      user,
      ...activitySource(who, input.origin),
      collection: body.collection,
      item: String(body.item),
      comment: body.comment ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id), timestamp: new Date(row.timestamp).toISOString() };
}
