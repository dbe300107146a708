import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery } from '@/lib/items/parse';
import type { Query } from '@/lib/items/query';
import { readByQuery, readOne } from '@/lib/items/read/service';
import { createAndReadBack, readBack } from '@/lib/items/write/read-back';
import * as items from '@/lib/items/write/service';
import { rawQueryOf, type ItemsMessage } from './protocol';

type Key = string | number;

async function shown(collection: string, keys: Key[], query: Query, ctx: RequestContext) {
  const out = [];
  for (const key of keys) out.push(await readBack(collection, key, query, ctx));
  return out;
}

function pkFilter(pk: string, ids: Key[]) {
  return { [pk]: { _in: ids } };
}

/**
 * Directus's `items` message: the same reads and writes as /api/items, with the caller's
 * permissions, answered with the items as the caller may read them.
 */
export async function itemsMessage(message: ItemsMessage, ctx: RequestContext): Promise<unknown> {
  const { collection, action, id, ids, data } = message;
  if (collection.startsWith('daas_')) throw new ForbiddenError();
  const query = parseQuery(rawQueryOf(message.query), { admin: ctx.accountability.admin });
  const schema = ctx.schema;
  if (action === 'read') {
    const readAccess = await readAccessFor(ctx, schema, collection);
    if (id !== undefined) return readOne(collection, id, query, ctx, { readAccess });
    if (ids) {
      const pk = schema.collections[collection]?.primary ?? 'id';
      const filtered: Query = {
        ...query,
        filter: query.filter ? { _and: [query.filter, pkFilter(pk, ids)] } : pkFilter(pk, ids),
      };
      return (await readByQuery(collection, filtered, ctx, { readAccess })).data;
    }
    return (await readByQuery(collection, query, ctx, { readAccess })).data;
  }
  if (action === 'create') {
    if (Array.isArray(data)) {
      return shown(collection, await items.createMany(collection, data, ctx), query, ctx);
    }
    if (!data) throw new InvalidPayloadError('"data" is required');
    return createAndReadBack(collection, data, query, ctx);
  }
  if (action === 'update') {
    if (!data || Array.isArray(data)) throw new InvalidPayloadError('"data" must be an object');
    if (id !== undefined) {
      return readBack(collection, await items.updateOne(collection, id, data, ctx), query, ctx);
    }
    if (!ids) throw new InvalidPayloadError('"id" or "ids" is required');
    const pk = schema.collections[collection]?.primary ?? 'id';
    const keys = await items.updateByFilter(collection, pkFilter(pk, ids), data, ctx);
    return shown(collection, keys, query, ctx);
  }
  if (id !== undefined) return { id: await items.deleteOne(collection, id, ctx) };
  if (!ids) throw new InvalidPayloadError('"id" or "ids" is required');
  const pk = schema.collections[collection]?.primary ?? 'id';
  return { ids: await items.deleteByFilter(collection, pkFilter(pk, ids), ctx) };
}
