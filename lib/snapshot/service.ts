import 'server-only';
import { pruneGrants } from '@/lib/access/grants';
import { invalidatePermissionsCache } from '@/lib/access/permissions';
import type { RequestContext } from '@/lib/core/context';
import { AppError, InternalError, SchemaModifiedError } from '@/lib/core/errors';
import { parseWith } from '@/lib/core/parse';
import { logger } from '@/lib/core/logger';
import { buildOverview, invalidateSchema } from '@/lib/schema/overview';
import { runPlan } from './apply';
import { diffSnapshots, isLegacy, readIncoming, readSnapshotBody, type DiffMode } from './diff';
import { legacyDiff, runSqlOperations, type LegacyDiff } from './legacy';
import { diffBody, planChanges, wrappedDiffBody } from './plan';
import { cachedSnapshot, currentSnapshot, schemaHash, snapshotOf } from './snapshot';
import type { DiffResult, Snapshot } from './types';
import { z } from 'zod';

const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

export const snapshotQuery = z.object({
  includeCollections: z.string().optional(),
  excludeCollections: z.string().optional(),
});

export async function readSnapshot(
  input: { query: z.infer<typeof snapshotQuery> },
  ctx: RequestContext,
): Promise<Snapshot> {
  return cachedSnapshot(ctx.db, {
    include: list(input.query.includeCollections),
    exclude: list(input.query.excludeCollections),
  });
}

export const diffQuery = z.object({
  mode: z.enum(['merge', 'mirror']).optional(),
  force: z.enum(['true', 'false']).optional(),
});

export async function diffSchema(
  input: { query: z.infer<typeof diffQuery>; body: unknown },
  ctx: RequestContext,
): Promise<DiffResult | LegacyDiff> {
  const snapshot = readSnapshotBody(input.body);
  const overview = await buildOverview(ctx.db);
  const current = snapshotOf(overview);
  if (isLegacy(snapshot)) return legacyDiff(current, snapshot);
  const incoming = readIncoming(snapshot, input.query.force === 'true');
  const views = new Set(
    Object.values(overview.collections)
      .filter((c) => c.type === 'view')
      .map((c) => c.collection),
  );
  return diffSnapshots(current, incoming, {
    mode: (input.query.mode ?? 'merge') as DiffMode,
    views,
  });
}

const sqlOperation = z
  .object({
    type: z.literal('sql', { error: 'operation type must be "sql"' }),
    sql: z.string().trim().min(1, 'sql must be a non-empty string'),
  })
  .strict();
export const legacyApplyBody = z.object({ operations: z.array(sqlOperation).min(1) }).strict();
export const applyBody = z.union([legacyApplyBody, diffBody, wrappedDiffBody]);

/**
 * Applies a diff in one transaction after checking that the schema is still the one it was
 * made against. Refusals are 400 with nothing changed; a database refusal rolls everything
 * back and answers a generic 500.
 */
export async function applySchema(input: { body: unknown }, ctx: RequestContext) {
  const body = input.body as Record<string, unknown>;
  if (body && typeof body === 'object' && 'operations' in body) {
    const legacy = parseWith(legacyApplyBody, body, 'payload');
    const result = await runSqlOperations(legacy.operations);
    invalidateSchema();
    // Raw SQL may have dropped tables or columns: their grants go with them.
    await pruneGrants(ctx.db, await buildOverview(ctx.db));
    invalidatePermissionsCache();
    return result;
  }
  const diff =
    body && typeof body === 'object' && 'diff' in body
      ? parseWith(wrappedDiffBody, body, 'payload')
      : parseWith(diffBody, body, 'payload');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const current = await currentSnapshot(trx);
      if (schemaHash(current) !== diff.hash) throw new SchemaModifiedError();
      await runPlan(trx, planChanges(current, diff));
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.error(
      {
        requestId: ctx.requestId,
        err: err instanceof Error ? { message: err.message, stack: err.stack } : err,
      },
      'schema apply rolled back',
    );
    throw new InternalError('The database refused a change of the migration; nothing was applied');
  } finally {
    invalidateSchema();
    // Dropped collections and fields took their grants with them (see runPlan).
    invalidatePermissionsCache();
  }
  return null;
}
