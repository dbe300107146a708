'use client';

import { itemKeys } from '../items/keys';
import type { ItemsQuery } from '../items/types';
import type { RealtimeQuery } from './types';
import { useRealtimeRefresh } from './use-realtime';

/**
 * The subscription for a list read with `query`: the same filter, search, sort and page,
 * but only the key, so the server tells about exactly the rows the list shows (a delete is
 * sent only for an item the subscriber saw) and sends no more than it must.
 */
export function listSubscriptionQuery(query: Partial<ItemsQuery>, primaryKey: string) {
  const out: RealtimeQuery = { fields: [primaryKey] };
  if (query.filter && Object.keys(query.filter).length) out.filter = query.filter;
  if (query.search) out.search = query.search;
  if (query.sort?.length) out.sort = query.sort;
  if (query.limit !== undefined) out.limit = query.limit;
  if (query.page !== undefined) out.page = query.page;
  return out;
}

/**
 * Refetches the collection's item lists when someone changes what `query` reads (null: not
 * subscribed). Open items are left alone: an open form decides itself what to do.
 */
export function useRealtimeCollection(
  collection: string,
  query: Partial<ItemsQuery> | null,
  primaryKey: string,
): void {
  useRealtimeRefresh(
    query ? { collection, query: listSubscriptionQuery(query, primaryKey) } : null,
    itemKeys.lists(collection),
  );
}
