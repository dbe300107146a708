import { z } from 'zod';

const value = z.union([z.string(), z.array(z.string())]);
const param = (description: string) => value.optional().describe(description);

/**
 * The items query string, for route() and the OpenAPI document. Deliberately permissive
 * (bracket keys such as `filter[status][_eq]` are arbitrary): routes call parseQuery on the
 * raw query object for the real checks.
 */
export const itemsQuerySchema = z
  .object({
    fields: param(
      'Fields to return: comma list, JSON array or repeated fields[]; `*` and `relation.*` wildcards',
    ),
    filter: param('Filter rules as JSON, or as bracket keys: filter[field][_operator]=value'),
    search: param('Full-text search over the string fields'),
    sort: param('Sort fields, comma separated; a leading - sorts descending'),
    limit: param('Number of items to return; -1 for all'),
    offset: param('Number of items to skip'),
    page: param('Page number (with limit)'),
    count: param('Count mode for meta: estimated (default), planned or exact'),
    meta: param('Metadata to return: total_count, filter_count or *'),
    aggregate: param('Aggregates as JSON ({"count":"*"}) or aggregate[function]=fields'),
    groupBy: param('Fields to group aggregates by, comma separated'),
    deep: param('Nested queries per relational field, as JSON or deep[relation][_limit]=n'),
    alias: param('Aliases: alias[name]=field'),
  })
  .catchall(value);

export type ItemsQueryInput = z.infer<typeof itemsQuerySchema>;
