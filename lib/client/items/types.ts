/** One item as the API returns it: field → value, relational fields nested as objects. */
export type Item = Record<string, unknown>;

/** A primary key as the studio carries it; the API accepts both in paths and filters. */
export type ItemKey = string | number;

/** The `meta` of a list read (see the server's ListMeta). */
export interface ListMeta {
  total_count: number;
  total: number;
  page: number;
  limit: number;
  /** Whether `total` is the planner's estimate rather than a count. */
  total_estimated: boolean;
  /** `total` under Directus's name, when the read asked `meta=filter_count`. */
  filter_count?: number;
}

export interface ItemsPage {
  data: Item[];
  meta: ListMeta;
}

/** What the browser asks for: everything the server should filter, sort and page. */
export interface ItemsQuery {
  fields: string[];
  sort: string[];
  filter: Record<string, unknown> | null;
  search: string;
  page: number;
  limit: number;
  /** Counts to include under Directus's names (`filter_count`). */
  meta?: string;
}
