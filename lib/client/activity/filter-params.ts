import type { ActivityFilters } from './types';

/** The filters as `filter[...]` query parameters of the items query language. */
export function filterParams(filters: ActivityFilters, params = new URLSearchParams()) {
  if (filters.user) params.set('filter[user][_eq]', filters.user);
  if (filters.collection) params.set('filter[collection][_eq]', filters.collection);
  if (filters.item) params.set('filter[item][_eq]', filters.item);
  if (filters.action) params.set('filter[action][_eq]', filters.action);
  if (filters.from) params.set('filter[timestamp][_gte]', `${filters.from}T00:00:00.000Z`);
  if (filters.to) params.set('filter[timestamp][_lte]', `${filters.to}T23:59:59.999Z`);
  return params;
}
