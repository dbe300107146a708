import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  ForbiddenError,
  InvalidPayloadError,
  ServiceUnavailableError,
} from '@/lib/core/errors';
import { files } from '@/lib/files/service';
import { sendMail } from '@/lib/mail/send';
import { listCollections } from '@/lib/schema/collections';
import { readAllFields } from '@/lib/schema/fields';
import { reloadSchema } from '@/lib/schema/overview';
import { listRelations } from '@/lib/schema/relations';
import { listVersions } from '@/lib/versions/read';
import { itemsFacade, rawQuery } from './items-facade';
import { OutboundRefusedError, restrictedFetch } from './outbound';
import { rawStatement } from './raw-database';
import type { HostCall } from './sandbox';

const mailMessage = z
  .object({
    to: z.email().max(255),
    subject: z.string().max(998),
    text: z.string().max(1_000_000),
    html: z.string().max(1_000_000).optional(),
  })
  .strict();

const fetchInit = z
  .object({
    method: z.string().max(16).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.string().max(10_000_000).optional(),
  })
  .strict();

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new InvalidPayloadError(`${what} must be a string`);
  return value;
}

/** Runs a service extension's function (`custom(name).fn(...args)`): set by extensions.ts. */
export type CustomCall = (
  input: { name: string; fn: string; args: unknown[] },
  ctx: RequestContext,
  depth: number,
) => Promise<unknown>;

/**
 * `services.cron`. Cron jobs run operations, which run stored code, which reaches this
 * bridge: the cron module hands its functions in (see run.ts) instead of being imported here.
 */
export interface CronCalls {
  trigger: (idOrName: string, ctx: RequestContext) => Promise<unknown>;
  list: (ctx: RequestContext) => Promise<unknown>;
}

/** What the bridge calls that sits above it in the runtime: handed in, never imported. */
export interface HostServices {
  custom: (name: string, fn: string, args: unknown[]) => Promise<unknown>;
  cron: CronCalls | null;
}

function cronOf(services: HostServices): CronCalls {
  if (!services.cron) throw new ServiceUnavailableError('Cron is not available');
  return services.cron;
}

async function dispatch(
  name: string,
  args: unknown[],
  ctx: RequestContext,
  services: HostServices,
): Promise<unknown> {
  const [a, b, c] = args;
  switch (name) {
    case 'items.readByQuery':
      return itemsFacade(str(a, 'collection'), ctx).readByQuery(b);
    case 'items.readOne':
      return itemsFacade(str(a, 'collection'), ctx).readOne(b, c);
    case 'items.createOne':
      return itemsFacade(str(a, 'collection'), ctx).createOne(b);
    case 'items.updateOne':
      return itemsFacade(str(a, 'collection'), ctx).updateOne(b, c);
    case 'items.deleteOne':
      return itemsFacade(str(a, 'collection'), ctx).deleteOne(b);
    case 'collections':
      return listCollections({}, ctx);
    case 'fields':
      return readAllFields({}, ctx);
    case 'relations':
      return listRelations({}, ctx);
    case 'files':
      return files.list({ query: rawQuery(a) }, ctx);
    case 'versions':
      // The same read as GET /api/versions: versions of items the caller may read.
      return listVersions({ query: rawQuery(a) }, ctx);
    case 'mail':
      return { sent: await sendMail(ctx.db, mailMessage.parse(a)) };
    case 'cron.trigger':
      if (!ctx.accountability.admin) throw new ForbiddenError();
      return cronOf(services).trigger(str(a, 'id'), ctx);
    case 'cron.list':
      if (!ctx.accountability.admin) throw new ForbiddenError();
      return cronOf(services).list(ctx);
    case 'custom':
      return services.custom(str(a, 'name'), str(b, 'function'), Array.isArray(c) ? c : []);
    case 'database.raw':
      return rawStatement({ sql: a, bindings: b }, ctx);
    case 'fetch':
      return restrictedFetch(str(a, 'url'), fetchInit.parse(b ?? {}));
    default:
      throw new InvalidPayloadError(`Unknown service "${name}"`);
  }
}

/**
 * The host side of `context.services`, for one call of stored code: everything with the
 * triggering caller's accountability and scope. What the code sees of a failure is the
 * message the REST API would give, or a generic one.
 */
export function hostFor(
  ctx: RequestContext,
  depth: number,
  above: { custom: CustomCall; cron: CronCalls | null },
): HostCall {
  const services: HostServices = {
    custom: (n, fn, a) => above.custom({ name: n, fn, args: a }, ctx, depth + 1),
    cron: above.cron,
  };
  return async (name, args) => {
    try {
      // Stored code may run for a while: each call reads the schema as it is by then, as a
      // new request would.
      return await dispatch(name, args, await reloadSchema(ctx), services);
    } catch (err) {
      if (err instanceof AppError || err instanceof OutboundRefusedError)
        throw new Error(err.message);
      if (err instanceof Error && err.name === 'ZodError') throw new Error('Invalid arguments');
      throw new Error(`Service call "${name}" failed`);
    }
  };
}
