import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import { getDb, type Db } from '@/lib/db/client';
import { hostFor, type CronCalls, type CustomCall } from './bridge';
import { extensionEnv } from './outbound';
import { runIsolated, SandboxError, type ExtensionKind } from './sandbox';
import { runtimeDb } from './tables';

/**
 * `services.cron`, handed in by the cron module when it loads: cron runs operations, which
 * run stored code through this file, so importing cron here would close a loop.
 */
let cronCalls: CronCalls | null = null;

export function provideCron(calls: CronCalls): void {
  cronCalls = calls;
}

/** `custom()` calling `custom()`...: deeper than this is refused. */
const MAX_DEPTH = 4;
const MAX_ERROR = 2_000;

export interface StoredExtension {
  id: string;
  name: string;
  type: string;
  source: string;
  enabled: boolean;
  run_as: string | null;
}

export async function findExtension(
  db: Db,
  where: { id: string } | { name: string },
  type: ExtensionKind,
): Promise<StoredExtension | null> {
  let query = runtimeDb(db)
    .selectFrom('daas_extensions')
    .select(['id', 'name', 'type', 'source', 'enabled', 'run_as'])
    .where('type', '=', type)
    .where('enabled', '=', true);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('name', '=', where.name);
  return (await query.executeTakeFirst()) ?? null;
}

/** What stored code sees of its caller: the specification's accountability fields. */
export function visibleAccountability(a: Accountability | null) {
  if (!a) return null;
  return { user: a.user, role: a.role, admin: a.admin, app: a.app, ip: a.ip ?? undefined };
}

/**
 * Not awaited for hooks: a filter hook runs inside the write's transaction, and on the
 * embedded database (one connection) a write outside it would wait for that transaction
 * forever.
 */
function recordError(db: Db, id: string, error: string): Promise<unknown> {
  return runtimeDb(db)
    .updateTable('daas_extensions')
    .set({ last_error: error.slice(0, MAX_ERROR), last_error_at: new Date() })
    .where('id', '=', id)
    .execute()
    .catch(() => undefined);
}

/**
 * One call of stored code as the given caller. A failure (thrown, out of time or memory) is
 * logged, kept in `last_error`, and rethrown for the caller to answer (a generic 500).
 */
export async function runExtension(input: {
  ext: StoredExtension;
  kind: ExtensionKind;
  args: Record<string, unknown>;
  ctx: RequestContext;
  depth?: number;
  config?: unknown;
}): Promise<unknown> {
  const depth = input.depth ?? 0;
  if (depth > MAX_DEPTH) throw new Error('Service calls nested too deeply');
  const { ext, ctx } = input;
  try {
    return await runIsolated({
      source: ext.source,
      kind: input.kind,
      args: {
        ...input.args,
        context: {
          env: extensionEnv(),
          accountability: visibleAccountability(ctx.accountability),
          config: input.config ?? null,
        },
      },
      host: hostFor(ctx, depth, { custom: runCustom, cron: cronCalls }),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    logger.warn(
      {
        extension: ext.name,
        requestId: ctx.requestId,
        sandbox: err instanceof SandboxError,
        err: message,
      },
      'runtime extension failed',
    );
    const recorded = recordError(getDb(), ext.id, message);
    if (input.kind !== 'hook') await recorded;
    throw err;
  }
}

/** `context.services.custom(name).fn(...args)`: the named, enabled service's extension. */
export const runCustom: CustomCall = async ({ name, fn, args }, ctx, depth) => {
  const service = await runtimeDb(ctx.db)
    .selectFrom('daas_services')
    .select(['extension', 'config'])
    .where('name', '=', name)
    .where('enabled', '=', true)
    .executeTakeFirst();
  const ext = service?.extension
    ? await findExtension(ctx.db, { id: service.extension }, 'service')
    : null;
  if (!service || !ext) throw new NotFoundError(`Service "${name}" not found`);
  return runExtension({
    ext,
    kind: 'service',
    args: { fn, args },
    ctx,
    depth,
    config: service.config,
  });
};
