import {
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/**
 * The table features the studio's data table uses: sorting state (the server sorts) and
 * row selection. Module-level so the table sees a stable object.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type DataTableFeatures = typeof dataTableFeatures;

/** A column of the data table. */
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, unknown>;
export type DataTableColumnInstance<T extends RowData> = Column<DataTableFeatures, T, unknown>;
