'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Search, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LoadingState, QueryState } from '@/components/studio/data-state';
import { Pagination } from '@/components/studio/pagination';
import { Input } from '@/components/ui/input';
import type { ListResponse } from '@/lib/client/access/types';
import type { RuntimeListParams } from '@/lib/client/runtime/types';
import { useDebounced } from '../access/use-debounced';

/** Search, equality filters and paging of one list, each change going back to page 1. */
export function useListState(initialFilter: Record<string, string | null> = {}) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterState] = useState(initialFilter);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const params: RuntimeListParams = { search: useDebounced(search), filter, page, limit };
  return {
    search,
    params,
    filtered: Boolean(params.search || Object.values(filter).some((v) => v !== null)),
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setFilter: (field: string, value: string | null) => {
      setFilterState({ ...filter, [field]: value });
      setPage(1);
    },
    setPage,
    setLimit: (value: number) => {
      setLimit(value);
      setPage(1);
    },
  };
}

export type ListState = ReturnType<typeof useListState>;

/** A server-paged list: a search box (plus any filters), the rows, the page controls. */
export function PagedList<T>({
  query,
  state,
  searchLabel,
  filters,
  empty,
  noMatch,
  children,
}: {
  query: UseQueryResult<ListResponse<T>>;
  state: ListState;
  searchLabel: string;
  filters?: ReactNode;
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  noMatch: { icon: LucideIcon; title: string; description: ReactNode };
  /** The rows, usually a table (which brings its own frame). */
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            className="pl-9"
            value={state.search}
            onChange={(e) => state.setSearch(e.target.value)}
          />
        </div>
        {filters}
      </div>
      <QueryState
        query={query}
        loading={<LoadingState rows={5} />}
        isEmpty={(body) => body.data.length === 0}
        empty={state.filtered ? noMatch : empty}
      >
        {(body) => (
          <>
            {children(body.data)}
            <Pagination
              className="mt-4"
              page={state.params.page}
              pageSize={state.params.limit}
              total={body.meta?.filter_count ?? null}
              hasMore={body.data.length === state.params.limit}
              onPageChange={state.setPage}
              onPageSizeChange={state.setLimit}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
