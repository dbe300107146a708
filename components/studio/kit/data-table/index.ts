export { DataTable, type DataTableProps } from './data-table';
export { SortHeader } from './sort-header';
export { sortToState, stateToSort } from './sorting';
export { dataTableFeatures, type DataTableColumn } from './features';
