import 'server-only';
import { readOne } from '../read/service';
import type { Query } from '../query';
import type { ItemsContext } from './context';
import type { Key } from './sql';

/** The item as the response shows it after a write: the read path, with the request's `?fields`. */
export function readBack(
  collection: string,
  key: Key,
  query: Query,
  ctx: ItemsContext,
): Promise<Record<string, unknown>> {
  return readOne(collection, key, query, ctx);
}
