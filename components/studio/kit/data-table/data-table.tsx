'use client';

import {
  flexRender,
  useTable,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ResizeHandle } from './column-edit';
import { dataTableFeatures, type DataTableColumn } from './features';
import { SortHeader } from './sort-header';

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology. */
  label: string;
  columns: DataTableColumn<T>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Sorting is done by the server: the table only reports the wanted order. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Present: a checkbox column selects rows (keys are getRowId values). */
  selection?: RowSelectionState;
  onSelectionChange?: (selection: RowSelectionState) => void;
  /** Click or Enter on a row. */
  onRowActivate?: (row: T) => void;
  /** Shows skeleton rows instead of data (first load only; later loads keep the old rows). */
  loading?: boolean;
  /** Rows shown are the previous page's while the next one loads (marked busy). */
  busy?: boolean;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  rowHeight?: number;
  className?: string;
  /** Set widths of columns by id, in pixels; others size to their content. */
  widths?: Record<string, number>;
  /** Present: columns can be resized (drag the header's edge, or arrow keys on it). */
  onColumnResize?: (id: string, width: number) => void;
  /** Present: columns can be reordered (drag a header, or Alt with an arrow key on it). */
  onColumnMove?: (id: string, toIndex: number) => void;
  /** A column's name for the resize grip's label. */
  columnLabel?: (id: string) => string;
}

const COLUMN_DRAG = 'application/x-daas-column';

const SKELETON_ROWS = 8;

/**
 * The studio's big table: a plain `<table>` whose body renders only the rows in view (plus
 * a few either side), padded above and below so the scrollbar stays true. However many
 * rows it is given, the DOM holds a few dozen `<tr>`.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  sorting,
  onSortingChange,
  selection,
  onSelectionChange,
  onRowActivate,
  loading,
  busy,
  empty,
  rowHeight = 40,
  className,
  widths,
  onColumnResize,
  onColumnMove,
  columnLabel = (id) => id,
}: DataTableProps<T>) {
  const t = useTranslations('DataTable');
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataTableColumn<T> = {
      id: '__select',
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label={t('selectAll')}
          checked={
            table.getIsAllRowsSelected()
              ? true
              : table.getIsSomeRowsSelected()
                ? 'indeterminate'
                : false
          }
          onCheckedChange={(v) => table.toggleAllRowsSelected(v === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t('selectRow', { row: row.id })}
          checked={row.getIsSelected()}
          onClick={(e) => e.stopPropagation()}
          onCheckedChange={(v) => row.toggleSelected(v === true)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, t]);

  const table = useTable({
    features: dataTableFeatures,
    data,
    columns: allColumns,
    getRowId: (row: T) => getRowId(row),
    manualSorting: true,
    // Ascending first, whatever the column holds (the default starts numbers descending).
    sortDescFirst: false,
    enableMultiSort: false,
    state: { sorting: sorting ?? [], rowSelection: selection ?? {} },
    onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
      const next = typeof updater === 'function' ? updater(sorting ?? []) : updater;
      onSortingChange?.(next);
    },
    enableRowSelection: selectable,
    onRowSelectionChange: (
      updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState),
    ) => {
      const next = typeof updater === 'function' ? updater(selection ?? {}) : updater;
      onSelectionChange?.(next);
    },
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const uid = useId();
  const headerRefs = useRef(new Map<string, HTMLTableCellElement>());
  const [live, setLive] = useState<{ id: string; width: number } | null>(null);
  const widthOf = (id: string) => (live?.id === id ? live.width : widths?.[id]);
  // Reordering counts only the data columns (the selection column stays first).
  const dataIds = columns.map((c) => c.id ?? '');
  const headerKey = (e: KeyboardEvent<HTMLTableCellElement>, id: string) => {
    if (!onColumnMove || !e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    const to = dataIds.indexOf(id) + (e.key === 'ArrowLeft' ? -1 : 1);
    if (to < 0 || to >= dataIds.length) return;
    e.preventDefault();
    onColumnMove(id, to);
  };
  const rows = table.getRowModel().rows;
  // Read fresh every render (the compiler skips memoising it, which is what we want here).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const columnCount = allColumns.length;

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onRowActivate?.(row);
  };

  return (
    <div
      ref={scrollRef}
      className={cn(
        'relative h-[60vh] min-h-64 overflow-auto rounded-xl border bg-card',
        className,
      )}
    >
      <table
        aria-label={label}
        aria-rowcount={loading ? undefined : rows.length + 1}
        aria-busy={loading || busy || undefined}
        className="w-full border-separate border-spacing-0 text-sm"
      >
        <thead className="sticky top-0 z-10 bg-muted/95 backdrop-blur">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const editable = id !== '__select';
                const width = widthOf(id);
                return (
                  <th
                    key={header.id}
                    ref={(el) => {
                      if (el) headerRefs.current.set(id, el);
                      else headerRefs.current.delete(id);
                    }}
                    style={width ? { width, minWidth: width, maxWidth: width } : undefined}
                    draggable={editable && !!onColumnMove}
                    onDragStart={(e) => {
                      if ((e.target as HTMLElement).closest('[data-resize-handle]')) {
                        e.preventDefault();
                        return;
                      }
                      e.dataTransfer.setData(COLUMN_DRAG, id);
                    }}
                    onDragOver={(e) => {
                      if (editable && onColumnMove && e.dataTransfer.types.includes(COLUMN_DRAG)) {
                        e.preventDefault();
                      }
                    }}
                    onDrop={(e) => {
                      const moved = e.dataTransfer.getData(COLUMN_DRAG);
                      if (!moved || moved === id || !onColumnMove) return;
                      e.preventDefault();
                      onColumnMove(moved, dataIds.indexOf(id));
                    }}
                    onKeyDown={editable ? (e) => headerKey(e, id) : undefined}
                    // The grip's own label stays out of the column's name.
                    aria-labelledby={editable && onColumnResize ? `${uid}-${id}` : undefined}
                    scope="col"
                    aria-sort={
                      header.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : header.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : undefined
                    }
                    className={cn(
                      'relative h-10 truncate border-b px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
                      header.column.id === '__select' && 'w-10 pr-0',
                    )}
                  >
                    <span id={`${uid}-${id}`} className="contents">
                      {header.isPlaceholder ? null : header.column.getCanSort() &&
                        onSortingChange ? (
                        <SortHeader column={header.column}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </SortHeader>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </span>
                    {editable && onColumnResize && (
                      <ResizeHandle
                        label={t('resizeColumn', { column: columnLabel(id) })}
                        width={() => headerRefs.current.get(id)?.offsetWidth ?? 160}
                        onLive={(w) => setLive(w === null ? null : { id, width: w })}
                        onResize={(w) => onColumnResize(id, w)}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i}>
                {allColumns.map((c, j) => (
                  <td key={c.id ?? j} className="border-b px-3 py-2.5">
                    <Skeleton className="h-4 w-full max-w-40" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-6 py-12 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : (
            <>
              {padTop > 0 && (
                <tr aria-hidden>
                  <td colSpan={columnCount} style={{ height: padTop, padding: 0 }} />
                </tr>
              )}
              {items.map((v) => {
                const row = rows[v.index];
                return (
                  <tr
                    key={row.id}
                    aria-rowindex={v.index + 2}
                    aria-selected={selectable ? row.getIsSelected() : undefined}
                    data-state={row.getIsSelected() ? 'selected' : undefined}
                    tabIndex={onRowActivate ? 0 : undefined}
                    onClick={onRowActivate ? () => onRowActivate(row.original) : undefined}
                    onKeyDown={onRowActivate ? (e) => onRowKey(e, row.original) : undefined}
                    style={{ height: rowHeight }}
                    className={cn(
                      'transition-colors outline-none hover:bg-muted/40 focus-visible:bg-accent/60 data-[state=selected]:bg-accent/60',
                      onRowActivate && 'cursor-pointer',
                    )}
                  >
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cn(
                          'max-w-80 truncate border-b px-3 align-middle',
                          cell.column.id === '__select' && 'w-10 pr-0',
                        )}
                        style={
                          widthOf(cell.column.id)
                            ? { maxWidth: widthOf(cell.column.id) }
                            : undefined
                        }
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })}
              {padBottom > 0 && (
                <tr aria-hidden>
                  <td colSpan={columnCount} style={{ height: padBottom, padding: 0 }} />
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
