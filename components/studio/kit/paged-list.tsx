'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Search, SearchX, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ListResponse } from '@/lib/client/access/types';
import { LoadingState, QueryState } from './data-state';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { useDebounced } from './use-debounced';

/** What a server-paged list asks for: search, equality filters (null: any) and the page. */
export interface ListParams {
  search: string;
  filter: Record<string, string | null>;
  page: number;
  limit: number;
}

/** Search, equality filters and paging of one list, each change going back to page 1. */
export function useListState(initialFilter: Record<string, string | null> = {}) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterState] = useState(initialFilter);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const params: ListParams = { search: useDebounced(search), filter, page, limit };
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

/** The search box of a list, with the page's own filters beside it. */
export function ListToolbar({
  state,
  label,
  placeholder = label,
  children,
}: {
  state: ListState;
  label: string;
  placeholder?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={label}
          placeholder={placeholder}
          className="pl-9"
          value={state.search}
          onChange={(e) => state.setSearch(e.target.value)}
        />
      </div>
      {children}
    </div>
  );
}

/** What an empty list says: an icon, a title and what to do next. */
export interface EmptySpec {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
}

export interface TableColumn {
  label: string;
  /** For columns hidden on narrow screens (their facts then sit under the name). */
  className?: string;
}

/**
 * One server-paged table: loading rows, the empty state (the list's own, or "no match" while
 * filtered), the rows, and the page controls. With `actionsLabel` the last column holds the
 * row actions under a heading only screen readers hear.
 */
export function PagedTable<T>({
  query,
  state,
  columns,
  actionsLabel,
  empty,
  noMatch,
  framed = false,
  loadingRows = 5,
  row,
}: {
  query: UseQueryResult<ListResponse<T>>;
  state: ListState;
  columns: TableColumn[];
  actionsLabel?: string;
  empty: EmptySpec;
  noMatch: EmptySpec;
  framed?: boolean;
  loadingRows?: number;
  row: (item: T) => ReactNode;
}) {
  const table = (body: ListResponse<T>) => (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.label} className={c.className}>
              {c.label}
            </TableHead>
          ))}
          {actionsLabel && (
            <TableHead>
              <span className="sr-only">{actionsLabel}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody aria-busy={query.isFetching}>{body.data.map(row)}</TableBody>
    </Table>
  );
  return (
    <QueryState
      query={query}
      loading={<LoadingState rows={loadingRows} />}
      isEmpty={(body) => body.data.length === 0}
      empty={state.filtered ? noMatch : empty}
    >
      {(body) => (
        <>
          {framed ? (
            <div className="overflow-x-auto rounded-lg border">{table(body)}</div>
          ) : (
            table(body)
          )}
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
  );
}

export interface ListColumn {
  /** The message key of the heading, in the page's namespace. */
  key: string;
  className?: string;
}

/**
 * A list page of its own: header, toolbar and paged table, worded from one namespace holding
 * `title`, `description`, `search`, `actions`, `emptyTitle`, `emptyBody`, `noMatchTitle`,
 * `noMatchBody`.
 */
export function PagedList<T>({
  namespace,
  icon,
  actions,
  query,
  state,
  filters,
  columns,
  row,
}: {
  namespace: 'Extensions' | 'Cron' | 'Services';
  icon: LucideIcon;
  actions: ReactNode;
  query: UseQueryResult<ListResponse<T>>;
  state: ListState;
  filters?: ReactNode;
  columns: ListColumn[];
  row: (item: T) => ReactNode;
}) {
  const t = useTranslations(namespace);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <ListToolbar state={state} label={t('search')}>
        {filters}
      </ListToolbar>
      <PagedTable
        query={query}
        state={state}
        columns={columns.map((c) => ({ label: t(c.key), className: c.className }))}
        actionsLabel={t('actions')}
        empty={{ icon, title: t('emptyTitle'), description: t('emptyBody') }}
        noMatch={{ icon: SearchX, title: t('noMatchTitle'), description: t('noMatchBody') }}
        row={row}
      />
    </>
  );
}
