/** Builds the Directus-style items query string the list endpoints read. */
export interface ItemsQuery {
  fields?: string[];
  filter?: Record<string, unknown> | null;
  search?: string;
  sort?: string[];
  limit?: number;
  page?: number;
  meta?: string;
}

export function itemsQueryString(query: ItemsQuery): string {
  const params = new URLSearchParams();
  if (query.fields?.length) params.set('fields', query.fields.join(','));
  if (query.filter && Object.keys(query.filter).length) {
    params.set('filter', JSON.stringify(query.filter));
  }
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.sort?.length) params.set('sort', query.sort.join(','));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.meta) params.set('meta', query.meta);
  const text = params.toString();
  return text ? `?${text}` : '';
}
