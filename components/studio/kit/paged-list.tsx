'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Search, SearchX, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { LoadingState, QueryState } from '@/components/studio/kit/data-state';
import { PageHeader } from '@/components/studio/kit/page-header';
import { Pagination } from '@/components/studio/kit/pagination';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ListResponse } from '@/lib/client/access/types';
import type { RuntimeListParams } from '@/lib/client/runtime/types';
import { useDebounced } from './use-debounced';

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

export interface ListColumn {
  /** The message key of the heading, in the page's namespace. */
  key: string;
  /** For columns hidden on narrow screens (their facts then sit under the name). */
  className?: string;
}

/**
 * A runtime list page: header, search (plus any filters), a server-paged table whose last
 * column holds the row actions, and the page controls. The namespace holds `title`,
 * `description`, `search`, `actions`, `emptyTitle`, `emptyBody`, `noMatchTitle`, `noMatchBody`.
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
  const empty = state.filtered
    ? { icon: SearchX, title: t('noMatchTitle'), description: t('noMatchBody') }
    : { icon, title: t('emptyTitle'), description: t('emptyBody') };
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t('search')}
            placeholder={t('search')}
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
        empty={empty}
      >
        {(body) => (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  {columns.map((c) => (
                    <TableHead key={c.key} className={c.className}>
                      {t(c.key)}
                    </TableHead>
                  ))}
                  <TableHead>
                    <span className="sr-only">{t('actions')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody aria-busy={query.isFetching}>{body.data.map(row)}</TableBody>
            </Table>
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
