'use client';

import { useEffect, useRef } from 'react';
import { useRealtimeCollection } from '../realtime/use-realtime-collection';
import { useItemsQuery } from './items-query';
import type { Item, ItemsQuery } from './types';

/**
 * `useItemsQuery` that stays current: while the list is shown, a change someone makes to
 * what it reads refetches it (see useRealtimeCollection). The subscription starts once the
 * page has its rows, so opening a list is never slowed by it.
 */
export function useLiveItemsQuery(collection: string, query: ItemsQuery, enabled = true) {
  const result = useItemsQuery(collection, query, enabled);
  const shown = useRef<Item[] | undefined>(undefined);
  useEffect(() => {
    shown.current = result.isPlaceholderData ? undefined : result.data?.data;
  });
  const ready = result.data !== undefined && !result.isPlaceholderData;
  const live = enabled && query.fields.length > 0 && ready;
  useRealtimeCollection(collection, live ? query : null, () => shown.current);
  return result;
}
