/** Pure paging arithmetic shared by the pagination controls and the pages that use them. */

/** Pages in all (at least 1, so "page 1 of 1" shows for no rows); null when the total is unknown. */
export function pageCount(total: number | null, pageSize: number): number | null {
  if (total === null) return null;
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based rows a page shows, or null when it shows none. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number | null,
): { from: number; to: number } | null {
  const from = (page - 1) * pageSize + 1;
  if (total !== null && (total === 0 || from > total)) return null;
  const to = total === null ? page * pageSize : Math.min(page * pageSize, total);
  return { from, to };
}

/** The API's `offset` for a page (`limit` is the page size). */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, (page - 1) * pageSize);
}

/** Brings a page back into range, for example after deleting the last rows of the last page. */
export function clampPage(page: number, total: number | null, pageSize: number): number {
  const pages = pageCount(total, pageSize);
  const atLeastOne = Math.max(1, Math.floor(page) || 1);
  return pages === null ? atLeastOne : Math.min(atLeastOne, pages);
}
