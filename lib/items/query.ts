/**
 * The typed query every item read works from, whatever form the request used (bracket
 * parameters `filter[status][_eq]=x` or JSON strings `filter={"status":{"_eq":"x"}}`).
 * Parsed by lib/items/parse; resolved against the schema and compiled by lib/items/read.
 */
export const AGGREGATE_FUNCTIONS = [
  'count',
  'countDistinct',
  'countAll',
  'sum',
  'sumDistinct',
  'avg',
  'avgDistinct',
  'min',
  'max',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const COUNT_MODES = ['estimated', 'planned', 'exact'] as const;
export type CountMode = (typeof COUNT_MODES)[number];

export const FILTER_OPERATORS = [
  '_eq',
  '_neq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_in',
  '_nin',
  '_null',
  '_nnull',
  '_contains',
  '_ncontains',
  '_icontains',
  '_nicontains',
  '_starts_with',
  '_istarts_with',
  '_nstarts_with',
  '_nistarts_with',
  '_ends_with',
  '_iends_with',
  '_nends_with',
  '_niends_with',
  '_between',
  '_nbetween',
  '_empty',
  '_nempty',
  '_intersects',
  '_nintersects',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Quantifiers over x-to-many paths: `_some` and `_none` (Directus), `_every` (ours). */
export const RELATIONAL_QUANTIFIERS = ['_some', '_none', '_every'] as const;

/**
 * A Directus filter object: `{field: {_op: value}}`, `{_and: [...]}`, `{_or: [...]}`,
 * relational nesting `{author: {name: {_eq: x}}}`, quantifiers `{tags: {_some: {...}}}`,
 * function keys `{"year(date)": {_eq: 2024}}`. Structure is checked by the parser; names and
 * operator/type fit are checked against the schema when compiled.
 */
export type Filter = { [key: string]: unknown };

export interface Query {
  /** null = `*` */
  fields: string[] | null;
  filter: Filter | null;
  search: string | null;
  /** `field`, `-field`, `author.name`, `year(date)` */
  sort: string[] | null;
  /** -1 = no limit (only with page 0 or no page) */
  limit: number | null;
  offset: number | null;
  page: number | null;
  count: CountMode;
  aggregate: Partial<Record<AggregateFunction, string[]>> | null;
  groupBy: string[] | null;
  /** Per relational field: a nested query (`_filter`, `_sort`, `_limit`, `_offset`, `_fields`, `_search`, and deeper relations). */
  deep: Record<string, DeepQuery> | null;
  /** alias name → field (`alias[first_tag]=tags`) */
  alias: Record<string, string> | null;
  /** `total_count`, `filter_count`, `*` */
  meta: string[] | null;
}

export interface DeepQuery {
  _filter?: Filter;
  _sort?: string[];
  _limit?: number;
  _offset?: number;
  _page?: number;
  _search?: string;
  _fields?: string[];
  [relation: string]: unknown;
}

export const DEFAULT_LIMIT = 25;
