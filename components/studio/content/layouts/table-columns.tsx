'use client';

import { useEffect, useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/studio/kit/data-table';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import type { ItemDisplay } from '@/lib/client/items/display-template';
import type { Item } from '@/lib/client/items/types';
import { CellValue, RelatedCell, valueAt } from '../cell-value';

/**
 * The table's columns for the chosen field paths: labels as people read them, relational
 * values through their collection's display template, images as thumbnails.
 */
export function useTableColumns({
  fields,
  byPath,
  relatedOf,
  displays,
}: {
  fields: string[];
  byPath: Map<string, FilterField>;
  relatedOf: Map<string, string>;
  displays: Record<string, ItemDisplay>;
}) {
  return useMemo<DataTableColumn<Item>[]>(
    () =>
      fields.map((path) => {
        const info = byPath.get(path);
        const target = relatedOf.get(path);
        const display = target ? displays[target] : undefined;
        const image = info?.interface === 'file-image';
        return {
          id: path,
          accessorFn: (row: Item) => valueAt(row, path),
          header: () => <span title={path}>{info?.label ?? path}</span>,
          enableSorting: true,
          cell: ({ getValue }) =>
            display && !image ? (
              <RelatedCell value={getValue()} display={display} />
            ) : (
              <CellValue
                value={getValue()}
                type={info?.type}
                choices={info?.choices}
                image={image}
              />
            ),
        };
      }),
    [fields, byPath, relatedOf, displays],
  );
}

/** The rendered height of what the ref is put on, following its changes. */
export function useHeight() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, height] as const;
}
