import 'server-only';
import { sql } from 'kysely';
import { AppError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import { readAccessFor } from '../access';
import type { Query } from '../query';
import { readOne, readOver } from '../read/service';
import { writableCollection } from './guard';
import { createAlone, createOne } from './service';
import type { ItemsContext } from './context';
import type { Key } from './sql';

/** The caller's read access for the collection; null when they may not read it at all. */
async function readAccessOrNone(ctx: ItemsContext, schema: SchemaOverview, collection: string) {
  try {
    return await readAccessFor(ctx, schema, collection);
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/**
 * The item as the response shows it after a write: the read path with the caller's read
 * permissions and the request's `?fields`. A caller that may write but not read the item
 * gets `null` in its place, never the fields it cannot read.
 */
export async function readBack(
  collection: string,
  key: Key,
  query: Query,
  ctx: ItemsContext,
): Promise<Record<string, unknown> | null> {
  const readAccess = await readAccessOrNone(ctx, ctx.schema, collection);
  if (readAccess === null) return null;
  try {
    return await readOne(collection, key, query, ctx, { readAccess });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Creates one item and answers it as readBack would. When the create can be one statement,
 * the read rides along in it (it reads the inserted row), so a create is one round trip.
 */
export async function createAndReadBack(
  collection: string,
  data: unknown,
  query: Query,
  ctx: ItemsContext,
): Promise<Record<string, unknown> | null> {
  if (!ctx.db.isTransaction) {
    const schema = ctx.schema;
    // The write's own refusals (system collection, view, unknown) come first.
    writableCollection(schema, collection);
    const readAccess = await readAccessOrNone(ctx, schema, collection);
    const echo =
      readAccess === null
        ? null
        : await readOver(collection, query, ctx, { readAccess, source: sql`ins` });
    const done = await createAlone(collection, data, ctx, echo?.statement);
    if (done) return echo ? echo.finish(done.echo == null ? [] : [{ item: done.echo }]) : null;
  }
  return readBack(collection, await createOne(collection, data, ctx), query, ctx);
}
