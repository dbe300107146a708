'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { fetchItems } from './items-query';
import { itemKeys } from './keys';
import type { Item, ItemKey } from './types';

function itemUrl(
  collection: string,
  key: ItemKey,
  fields: readonly string[],
  version: string | null,
): string {
  const qs = new URLSearchParams();
  if (fields.length) qs.set('fields', fields.join(','));
  if (version) qs.set('version', version);
  const query = qs.size ? `?${qs}` : '';
  return `/api/items/${encodeURIComponent(collection)}/${encodeURIComponent(String(key))}${query}`;
}

/** A singleton is a collection with at most one row: its first row, or null before it exists. */
async function fetchSingleton(collection: string, fields: readonly string[], signal: AbortSignal) {
  const page = await fetchItems(collection, { fields: [...fields], limit: 1 }, signal);
  return page.data[0] ?? null;
}

/**
 * One item; `key` null reads a singleton (its one row, or null when it has none yet). With
 * `version` (a content version's key) the item is read with that draft merged in.
 */
export function useItemQuery(
  collection: string,
  key: ItemKey | null,
  fields: readonly string[],
  enabled = true,
  version: string | null = null,
) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: [...itemKeys.detail(collection, key ?? '$singleton', fields, scope), version],
    queryFn: async ({ signal }) => {
      if (key === null) return fetchSingleton(collection, fields, signal);
      const body = await apiFetch<{ data: Item | null }>(
        itemUrl(collection, key, fields, version),
        {
          signal,
        },
      );
      return body.data;
    },
    enabled,
  });
}
