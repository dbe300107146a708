import 'server-only';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http/api-request';
import type { RequestContext } from '@/lib/core/context';
import { jsonReply, type RawReply } from '@/lib/http/reply';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '../parse';
import type { Query } from '../query';
import type { ItemsContext } from './context';
import { readBack } from './read-back';
import * as items from './service';

/** Route-facing handlers of the item write endpoints: input in, response body out. */

export const itemPayload = z.record(z.string(), z.unknown());
export const createPayload = z.union([itemPayload, z.array(itemPayload)]);

interface Input<P, B> {
  params: P;
  query: ItemsQueryInput;
  body: B;
  request: ApiRequest;
}
type CollectionParams = { collection: string };
type ItemParams = { collection: string; id: string };

export const FILTER_REQUIRED = 'Filter parameter required for batch update';

function itemsContext(ctx: RequestContext, request: ApiRequest): ItemsContext {
  return { ...ctx, origin: request.headers.get('origin') };
}

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
  const query = parseQuery(input.query as RawQuery);
  const c = itemsContext(ctx, input.request);
  const { collection } = input.params;
  if (Array.isArray(input.body)) {
    const keys = await items.createMany(collection, input.body, c);
    return shown(collection, keys, query, c);
  }
  const key = await items.createOne(collection, input.body, c);
  return readBack(collection, key, query, c);
}

export async function updateItem(
  input: Input<ItemParams, z.infer<typeof itemPayload>>,
  ctx: RequestContext,
): Promise<unknown> {
  const query = parseQuery(input.query as RawQuery);
  const c = itemsContext(ctx, input.request);
  const { collection, id } = input.params;
  const key = await items.updateOne(collection, id, input.body, c);
  return readBack(collection, key, query, c);
}

/** PUT answers 200 whether it created or updated (the specification leaves it open). */
export async function upsertItem(
  input: Input<ItemParams, z.infer<typeof itemPayload>>,
  ctx: RequestContext,
): Promise<unknown> {
  const query = parseQuery(input.query as RawQuery);
  const c = itemsContext(ctx, input.request);
  const { collection, id } = input.params;
  const { key } = await items.upsertOne(collection, id, input.body, c);
  return readBack(collection, key, query, c);
}

export async function deleteItem(
  input: { params: ItemParams; request: ApiRequest },
  ctx: RequestContext,
): Promise<unknown> {
  const c = itemsContext(ctx, input.request);
  const key = await items.deleteOne(input.params.collection, input.params.id, c);
  return { deleted: true, id: key };
}

/** An absent or empty filter would select every row: both count as missing. */
function batchFilter(raw: ItemsQueryInput): Query['filter'] {
  const filter = parseQuery(raw as RawQuery).filter;
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
  const c = itemsContext(ctx, input.request);
  const keys = await items.updateByFilter(input.params.collection, filter, input.body, c);
  return { updated: keys.length, keys };
}

export async function deleteItems(
  input: Input<CollectionParams, undefined>,
  ctx: RequestContext,
): Promise<RawReply | { deleted: number; keys: items.Key[] }> {
  const filter = batchFilter(input.query);
  if (!filter) return filterRequired();
  const c = itemsContext(ctx, input.request);
  const keys = await items.deleteByFilter(input.params.collection, filter, c);
  return { deleted: keys.length, keys };
}
