'use client';

import { itemKeys } from '../items/keys';
import type { ItemsQuery } from '../items/types';
import type { RealtimeQuery } from './types';
import { useRealtimeRefresh } from './use-realtime';

/**
 * The subscription for a list read with `query`: the same fields, filter, search, sort and
 * page, so the server tells about exactly the rows the list shows (a delete is sent only for
 * an item the subscriber saw), and its first read can be compared with the list's.
 */
export function listSubscriptionQuery(query: Partial<ItemsQuery>): RealtimeQuery {
  const out: RealtimeQuery = {};
  if (query.fields?.length) out.fields = query.fields;
  if (query.filter && Object.keys(query.filter).length) out.filter = query.filter;
  if (query.search) out.search = query.search;
  if (query.sort?.length) out.sort = query.sort;
  if (query.limit !== undefined) out.limit = query.limit;
  if (query.page !== undefined) out.page = query.page;
  return out;
}

/**
 * Refetches the collection's item lists when someone changes what `query` reads (null: not
 * subscribed); `rows`, the list as shown, is checked against the subscription's first read.
 * Open items are left alone: an open form decides itself what to do.
 */
export function useRealtimeCollection(
  collection: string,
  query: Partial<ItemsQuery> | null,
  rows: () => readonly unknown[] | undefined,
): void {
  useRealtimeRefresh(
    query ? { collection, query: listSubscriptionQuery(query) } : null,
    itemKeys.lists(collection),
    (data) => JSON.stringify(data) === JSON.stringify(rows()),
  );
}
