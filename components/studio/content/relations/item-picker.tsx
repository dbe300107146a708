'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/studio/kit/data-table';
import { ErrorState } from '@/components/studio/kit/data-state';
import { Pagination } from '@/components/studio/kit/pagination';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { useItemsQuery } from '@/lib/client/items/items-query';
import { isAlias, labelFieldOf, primaryKeyOf } from '@/lib/client/items/relational';
import type { Item, ItemKey } from '@/lib/client/items/types';
import { CellValue } from '../cell-value';
import { useDebounced } from '../../kit/use-debounced';

const PAGE = 50;

/**
 * Picks one item of `collection`: the same virtualised table and server-side search as the
 * item browser, in a dialog. Enter or a click on a row picks it.
 */
export function ItemPicker({
  collection,
  open,
  onOpenChange,
  onPick,
  exclude = [],
  extraFields = [],
}: {
  collection: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (key: ItemKey, item: Item) => void;
  /** Keys already chosen, left out of the list. */
  exclude?: ItemKey[];
  /** Read along (not shown as columns): what the caller shows a picked item by. */
  extraFields?: readonly string[];
}) {
  const t = useTranslations('ItemEditor');
  const fields = useFieldsQuery(open ? collection : null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search);
  const pk = fields.data ? primaryKeyOf(fields.data) : null;
  const shown = useMemo(() => {
    if (!fields.data || !pk) return [];
    const label = labelFieldOf(fields.data);
    const extra = fields.data
      .filter((f) => !isAlias(f) && !f.meta?.hidden && f.field !== pk && f.field !== label)
      .slice(0, 2)
      .map((f) => f.field);
    return [...new Set([pk, label, ...extra])];
  }, [fields.data, pk]);
  const filter = exclude.length && pk ? { [pk]: { _nin: exclude } } : null;
  const read = [...new Set([...shown, ...extraFields])];
  const items = useItemsQuery(
    collection,
    { fields: read, sort: [], filter, search: term, page, limit: PAGE },
    open && shown.length > 0,
  );
  const types = useMemo(() => new Map(fields.data?.map((f) => [f.field, f.type])), [fields.data]);
  const columns = useMemo<DataTableColumn<Item>[]>(
    () =>
      shown.map((f) => ({
        id: f,
        accessorFn: (row: Item) => row[f],
        header: () => <span className="font-mono">{f}</span>,
        cell: ({ getValue }) => <CellValue value={getValue()} type={types.get(f)} />,
      })),
    [shown, types],
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] flex-col sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('pickTitle', { collection })}</DialogTitle>
          <DialogDescription>{t('pickDescription')}</DialogDescription>
        </DialogHeader>
        <Input
          type="search"
          aria-label={t('pickSearch')}
          placeholder={t('pickSearch')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        {items.error && !items.data ? (
          <ErrorState error={items.error} onRetry={items.refetch} retrying={items.isFetching} />
        ) : (
          <DataTable<Item>
            label={t('pickTable', { collection })}
            columns={columns}
            data={items.data?.data ?? []}
            getRowId={(row) => String(row[pk ?? 'id'])}
            onRowActivate={(row) => {
              onPick(row[pk ?? 'id'] as ItemKey, row);
              onOpenChange(false);
            }}
            loading={!items.data}
            empty={t('pickEmpty')}
            className="h-80"
          />
        )}
        <Pagination
          page={page}
          pageSize={PAGE}
          total={items.data?.meta.total ?? null}
          totalEstimated={items.data?.meta.total_estimated}
          pageRows={items.data?.data.length}
          onPageChange={setPage}
          disabled={!items.data}
        />
      </DialogContent>
    </Dialog>
  );
}
