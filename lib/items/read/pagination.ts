import { InvalidQueryError } from '@/lib/core/errors';
import { queryLimits } from '../limits';
import type { Query } from '../query';

export interface PageWindow {
  /** -1 = no limit. */
  limit: number;
  offset: number;
  /** Echoed in meta.page. */
  page: number;
  /** `limit=-1` with a page of 1 or more: an empty page, without a data query. */
  empty: boolean;
}

/**
 * limit defaults to QUERY_LIMIT_DEFAULT (25); `limit=-1` returns every row but only with page 0 or no page
 * (`limit=-1&page=1` is an empty page, as specified); page N ≥ 1 starts at (N-1)·limit and
 * wins over offset; page 0 means "use offset".
 */
export function pageWindow(q: Pick<Query, 'limit' | 'offset' | 'page'>): PageWindow {
  const limit = q.limit ?? queryLimits().limitDefault;
  if (!Number.isInteger(limit) || limit < -1) {
    throw new InvalidQueryError('limit must be a whole number, or -1 for no limit');
  }
  if (q.offset !== null && (!Number.isInteger(q.offset) || q.offset < 0)) {
    throw new InvalidQueryError('offset must be a whole number of 0 or more');
  }
  if (q.page !== null && (!Number.isInteger(q.page) || q.page < 0)) {
    throw new InvalidQueryError('page must be a whole number of 0 or more');
  }
  const offset = q.offset ?? 0;
  if (limit === -1) {
    const page = q.page ?? 0;
    return { limit, offset, page, empty: page >= 1 };
  }
  if (q.page !== null && q.page >= 1) {
    return { limit, offset: (q.page - 1) * limit, page: q.page, empty: false };
  }
  const page = q.page ?? (limit > 0 ? Math.floor(offset / limit) + 1 : 1);
  return { limit, offset, page, empty: false };
}
