import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { jsonReply, type RawReply } from '@/lib/http/reply';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '../parse';
import type { Query } from '../query';
import type { ItemsContext } from './context';
import { createAndReadBack, readBack } from './read-back';
import * as items from './service';

/** The HTTP binding of the item write endpoints: route input in, response body out. */

export const itemPayload = z.record(z.string(), z.unknown());
export const createPayload = z.union([itemPayload, z.array(itemPayload)]);

interface Input<P, B> {
  params: P;
  query: ItemsQueryInput;
  body: B;
}
type CollectionParams = { collection: string };
type ItemParams = { collection: string; id: string };

export const FILTER_REQUIRED = 'Filter parameter required for batch update';

async function shown(collection: string, keys: items.Key[], query: Query, ctx: ItemsContext) {
  const out = [];
  for (const key of keys) out.push(await readBack(collection, key, query, ctx));
  return out;
}

/** POST: one object → `{data: item}`, an array → `{data: [items]}`, both 201. */
export async function createItems(
  input: Input<CollectionParams, z.infer<typeof createPayload>>,
  ctx: RequestContext,
): Promise<unknown> {
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const { collection } = input.params;
  if (Array.isArray(input.body)) {
    const keys = await items.createMany(collection, input.body, ctx);
    return shown(collection, keys, query, ctx);
  }
  return createAndReadBack(collection, input.body, query, ctx);
}

export async function updateItem(
  input: Input<ItemParams, z.infer<typeof itemPayload>>,
  ctx: RequestContext,
): Promise<unknown> {
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const { collection, id } = input.params;
  const key = await items.updateOne(collection, id, input.body, ctx);
  return readBack(collection, key, query, ctx);
}

/** PUT answers 200 whether it created or updated (the specification leaves it open). */
export async function upsertItem(
  input: Input<ItemParams, z.infer<typeof itemPayload>>,
  ctx: RequestContext,
): Promise<unknown> {
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const { collection, id } = input.params;
  const { key } = await items.upsertOne(collection, id, input.body, ctx);
  return readBack(collection, key, query, ctx);
}

export async function deleteItem(
  input: { params: ItemParams },
  ctx: RequestContext,
): Promise<unknown> {
  const key = await items.deleteOne(input.params.collection, input.params.id, ctx);
  return { deleted: true, id: key };
}

/** An absent or empty filter would select every row: both count as missing. */
function batchFilter(raw: ItemsQueryInput): Query['filter'] {
  // Only the filter is used: no page size to cap.
  const filter = parseQuery(raw as RawQuery, { admin: true }).filter;
  return filter && Object.keys(filter).length ? filter : null;
}

/** The exact body the specification gives, without the usual `code`. */
function filterRequired(): RawReply {
  return jsonReply({ error: FILTER_REQUIRED }, { status: 400 });
}

export async function updateItems(
  input: Input<CollectionParams, z.infer<typeof itemPayload>>,
  ctx: RequestContext,
): Promise<RawReply | { updated: number; keys: items.Key[] }> {
  const filter = batchFilter(input.query);
  if (!filter) return filterRequired();
  const keys = await items.updateByFilter(input.params.collection, filter, input.body, ctx);
  return { updated: keys.length, keys };
}

export async function deleteItems(
  input: Input<CollectionParams, undefined>,
  ctx: RequestContext,
): Promise<RawReply | { deleted: number; keys: items.Key[] }> {
  const filter = batchFilter(input.query);
  if (!filter) return filterRequired();
  const keys = await items.deleteByFilter(input.params.collection, filter, ctx);
  return { deleted: keys.length, keys };
}
