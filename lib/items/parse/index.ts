export { parseQuery, emptyQuery } from './query';
export { itemsQuerySchema, type ItemsQueryInput } from './schema';
export { normalizeFilter } from './filter';
export type { RawQuery } from './brackets';
