import 'server-only';
import type { Query } from '../query';
import type { ItemsContext } from './context';
import { selectRows, type Key, type Row } from './sql';
import { writableCollection } from './guard';
import { getSchema } from '@/lib/schema/overview';

/**
 * The item as the response shows it after a write, read with the request's `?fields`.
 * TEMPORARY until the read engine lands: plain columns only.
 */
export async function readBack(
  collection: string,
  key: Key,
  query: Query,
  ctx: ItemsContext,
): Promise<Row | null> {
  void query;
  const schema = await getSchema(ctx.db);
  const c = writableCollection(schema, collection);
  const [row] = await selectRows(ctx.db, { table: collection, pk: c.primary, keys: [key] });
  return row ?? null;
}
