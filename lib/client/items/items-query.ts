'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { itemKeys } from './keys';
import { itemsUrl } from './query-string';
import type { ItemsPage, ItemsQuery } from './types';

export function fetchItems(
  collection: string,
  query: Partial<ItemsQuery>,
  signal?: AbortSignal,
): Promise<ItemsPage> {
  return apiFetch<ItemsPage>(itemsUrl(collection, query), { signal });
}

/**
 * One page of a collection, filtered, sorted and searched by the server. The previous page
 * stays on screen while the next loads, so paging and typing don't flash a skeleton.
 */
export function useItemsQuery(collection: string, query: ItemsQuery, enabled = true) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: itemKeys.list(collection, query, scope),
    queryFn: ({ signal }) => fetchItems(collection, query, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && query.fields.length > 0,
  });
}
