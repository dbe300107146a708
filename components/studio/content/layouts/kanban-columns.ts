'use client';

import { displayItem } from '@/lib/client/items/display-template';
import { useItemDisplaysQuery } from '@/lib/client/items/item-displays-query';
import { useItemsQuery } from '@/lib/client/items/items-query';
import type { KanbanSetup } from './layout-fields';

/** One board column: the items whose group field holds `value` (null: none). */
export interface Column {
  text: string;
  value: string | number | null;
}

/** A board shows at most this many related items as columns; the rest are counted. */
export const MAX_RELATED_COLUMNS = 50;

/**
 * The board's columns: the field's choices, or for a many-to-one the related items (shown
 * by their collection's display template, by key) after a column for items that link
 * to none. `total` counts the related items when there are more than the board shows.
 */
export function useKanbanColumns(
  setup: KanbanSetup,
  noneText: string,
): { columns: Column[]; total: number | null } {
  const related = setup.related;
  const displays = useItemDisplaysQuery(related ? [related] : []);
  const display = related ? displays.byCollection[related] : undefined;
  const items = useItemsQuery(
    related ?? '',
    {
      fields: display?.fields ?? [],
      sort: display ? [display.primaryKey] : [],
      filter: null,
      search: '',
      page: 1,
      limit: MAX_RELATED_COLUMNS,
    },
    Boolean(related && display),
  );
  if (!related) return { columns: setup.columns, total: null };
  const rows = items.data?.data ?? [];
  const columns: Column[] = [{ text: noneText, value: null }];
  for (const row of rows) {
    const key = display ? row[display.primaryKey] : undefined;
    if (typeof key !== 'string' && typeof key !== 'number') continue;
    columns.push({ text: display ? displayItem(display, row) : String(key), value: key });
  }
  const total = items.data?.meta.total ?? null;
  return { columns, total: total !== null && total > rows.length ? total : null };
}
