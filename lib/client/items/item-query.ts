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
async function fetchSingleton(collection: string, fields: readonly string[], signal?: AbortSignal) {
  const page = await fetchItems(collection, { fields: [...fields], limit: 1 }, signal);
  return page.data[0] ?? null;
}

/** The cache key of one item as useItemQuery reads it. */
export function itemQueryKey(
  collection: string,
  key: ItemKey | null,
  fields: readonly string[],
  scope: string | null,
  version: string | null = null,
) {
  return [...itemKeys.detail(collection, key ?? '$singleton', fields, scope), version] as const;
}

/** One item as useItemQuery reads it (a singleton's one row when `key` is null). */
export async function fetchItem(
  collection: string,
  key: ItemKey | null,
  fields: readonly string[],
  options: { version?: string | null; signal?: AbortSignal } = {},
): Promise<Item | null> {
  const { version = null, signal } = options;
  if (key === null) return fetchSingleton(collection, fields, signal);
  const body = await apiFetch<{ data: Item | null }>(itemUrl(collection, key, fields, version), {
    signal,
  });
  return body.data;
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
    queryKey: itemQueryKey(collection, key, fields, scope, version),
    queryFn: ({ signal }) => fetchItem(collection, key, fields, { version, signal }),
    enabled,
  });
}
