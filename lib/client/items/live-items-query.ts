'use client';

import { useRealtimeCollection } from '../realtime/use-realtime-collection';
import { useItemsQuery } from './items-query';
import type { ItemsQuery } from './types';

/**
 * `useItemsQuery` that stays current: while the list is shown, a change someone makes to
 * what it reads refetches it (see useRealtimeCollection).
 */
export function useLiveItemsQuery(
  collection: string,
  primaryKey: string,
  query: ItemsQuery,
  enabled = true,
) {
  const live = enabled && query.fields.length > 0;
  useRealtimeCollection(collection, live ? query : null, primaryKey);
  return useItemsQuery(collection, query, enabled);
}
