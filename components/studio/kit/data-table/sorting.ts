import type { SortingState } from '@tanstack/react-table';

/** The API's `sort` list (`-date_created`) as the table's sorting state. */
export function sortToState(sort: readonly string[]): SortingState {
  return sort.map((s) =>
    s.startsWith('-') ? { id: s.slice(1), desc: true } : { id: s, desc: false },
  );
}

/** The table's sorting state as the API's `sort` list. */
export function stateToSort(state: SortingState): string[] {
  return state.map((s) => (s.desc ? `-${s.id}` : s.id));
}
