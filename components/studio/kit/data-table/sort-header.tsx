'use client';

import type { RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DataTableColumnInstance } from './features';

/**
 * A header that sorts on click: ascending, then descending, then unsorted. The state is
 * announced by the `aria-sort` of the enclosing `<th>`.
 */
export function SortHeader<T extends RowData>({
  column,
  children,
}: {
  column: DataTableColumnInstance<T>;
  children: ReactNode;
}) {
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-1 font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
      <Icon aria-hidden className={sorted ? 'size-3.5' : 'size-3.5 opacity-40'} />
    </button>
  );
}
