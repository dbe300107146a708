import { config } from '@/lib/core/config';
import { InvalidQueryError } from '@/lib/core/errors';

/**
 * The size limits of one read, from the environment (see SECURITY.md). Each bounds work a
 * single request can make the database do: relation levels, wildcard levels, joined
 * relations, selected values, filter size, and a non-admin's page size.
 */
export interface QueryLimits {
  /** MAX_RELATIONAL_DEPTH: relation levels through fields, deep, sort, groupBy and filters. */
  relationalDepth: number;
  /** QUERY_MAX_WILDCARD_DEPTH: `*` levels in one field path (`*.*.*` is 3). */
  wildcardDepth: number;
  /** QUERY_MAX_JOINS: nested relations one read may select. */
  joins: number;
  /** QUERY_MAX_FIELDS: values one read may select over all levels; also list parameters. */
  fields: number;
  /** QUERY_MAX_NESTED_ROWS: the page size times the windows of nested to-many relations. */
  nestedRows: number;
  /** QUERY_MAX_FILTER_NODES / QUERY_MAX_FILTER_DEPTH. */
  filterNodes: number;
  filterDepth: number;
  /** QUERY_LIMIT_MAX: a non-admin's largest page; null when unlimited. */
  limitMax: number | null;
  /** QUERY_LIMIT_DEFAULT, at most QUERY_LIMIT_MAX: the page size without `limit`. */
  limitDefault: number;
}

export function queryLimits(): QueryLimits {
  const c = config();
  return {
    relationalDepth: c.MAX_RELATIONAL_DEPTH,
    wildcardDepth: c.QUERY_MAX_WILDCARD_DEPTH,
    joins: c.QUERY_MAX_JOINS,
    fields: c.QUERY_MAX_FIELDS,
    nestedRows: c.QUERY_MAX_NESTED_ROWS,
    filterNodes: c.QUERY_MAX_FILTER_NODES,
    filterDepth: c.QUERY_MAX_FILTER_DEPTH,
    limitMax: c.QUERY_LIMIT_MAX > 0 ? c.QUERY_LIMIT_MAX : null,
    limitDefault:
      c.QUERY_LIMIT_MAX > 0
        ? Math.min(c.QUERY_LIMIT_DEFAULT, c.QUERY_LIMIT_MAX)
        : c.QUERY_LIMIT_DEFAULT,
  };
}

/** A 400 naming what is too big and the limit. */
export function limitExceeded(what: string, limit: number): InstanceType<typeof InvalidQueryError> {
  return new InvalidQueryError(`${what} (at most ${limit})`);
}
