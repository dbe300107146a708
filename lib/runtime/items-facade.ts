import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { InvalidQueryError } from '@/lib/core/errors';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery, type RawQuery } from '@/lib/items/parse';
import * as read from '@/lib/items/read/service';
import { readBack } from '@/lib/items/write/read-back';
import * as write from '@/lib/items/write/service';

/**
 * A query given as an object (`{fields: ['id'], filter: {...}, limit: 5}`) in the form the
 * URL parser reads, so it meets exactly the checks a REST query meets.
 */
export function rawQuery(query: unknown): RawQuery {
  if (query === undefined || query === null) return {};
  if (typeof query !== 'object' || Array.isArray(query)) {
    throw new InvalidQueryError('The query must be an object');
  }
  const out: RawQuery = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      out[key] = value.join(',');
    } else out[key] = JSON.stringify(value);
  }
  return out;
}

/**
 * `items(collection)` for code that is not a request (MCP tools, stored extensions): the
 * same read and write paths as /api/items with the caller's accountability and scope.
 */
export function itemsFacade(collection: string, ctx: RequestContext) {
  const readAccess = async () => readAccessFor(ctx, ctx.schema, collection);
  return {
    async readByQuery(query?: unknown) {
      return read.readByQuery(collection, parseQuery(rawQuery(query)), ctx, {
        readAccess: await readAccess(),
      });
    },
    async readOne(id: unknown, query?: unknown) {
      return read.readOne(collection, id, parseQuery(rawQuery(query)), ctx, {
        readAccess: await readAccess(),
      });
    },
    async createOne(data: unknown) {
      const key = await write.createOne(collection, data, ctx);
      return readBack(collection, key, parseQuery({}), ctx);
    },
    async updateOne(id: unknown, data: unknown) {
      const key = await write.updateOne(collection, id, data, ctx);
      return readBack(collection, key, parseQuery({}), ctx);
    },
    async deleteOne(id: unknown) {
      return { deleted: true, id: await write.deleteOne(collection, id, ctx) };
    },
  };
}
