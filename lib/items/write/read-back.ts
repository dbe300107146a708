import 'server-only';
import { AppError } from '@/lib/core/errors';
import { getSchema } from '@/lib/schema/overview';
import { readPolicyFor } from '../access';
import type { Query } from '../query';
import { readOne } from '../read/service';
import type { ItemsContext } from './context';
import type { Key } from './sql';

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
  let policy;
  try {
    policy = await readPolicyFor(ctx, await getSchema(ctx.db), collection);
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
  try {
    return await readOne(collection, key, query, ctx, { policy });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}
