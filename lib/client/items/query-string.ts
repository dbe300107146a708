import type { ItemsQuery } from './types';

/** `/api/items/<collection>?fields=…&sort=…` for a list read; empty parts are left out. */
export function itemsUrl(collection: string, query: Partial<ItemsQuery>): string {
  const params = new URLSearchParams();
  if (query.fields?.length) params.set('fields', query.fields.join(','));
  if (query.sort?.length) params.set('sort', query.sort.join(','));
  if (query.filter && Object.keys(query.filter).length) {
    params.set('filter', JSON.stringify(query.filter));
  }
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.meta) params.set('meta', query.meta);
  const qs = params.toString();
  return `/api/items/${encodeURIComponent(collection)}${qs ? `?${qs}` : ''}`;
}

/** The filter that selects exactly these keys, for the batch endpoints (they take a filter). */
export function keysFilter(primaryKey: string, keys: readonly (string | number)[]) {
  return { [primaryKey]: { _in: [...keys] } };
}

/** A batch endpoint's URL for exactly these keys (the batch endpoints take a filter). */
export function batchUrl(
  collection: string,
  { primaryKey, keys }: { primaryKey: string; keys: readonly (string | number)[] },
): string {
  const filter = JSON.stringify(keysFilter(primaryKey, keys));
  return `/api/items/${encodeURIComponent(collection)}?filter=${encodeURIComponent(filter)}`;
}
