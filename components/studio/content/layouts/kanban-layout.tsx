'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { templateFields } from '@/lib/client/items/display-template';
import { useLiveItemsQuery } from '@/lib/client/items/live-items-query';
import type { Item } from '@/lib/client/items/types';
import { cn } from '@/lib/cn';
import { useKanbanColumns, type Column } from './kanban-columns';
import type { KanbanSetup } from './layout-fields';
import { DRAG_TYPE, MovableItem } from './movable-item';
import { useMoveItem } from './use-move-item';

const COLUMN_PAGE = 25;
const STEPS = { ArrowLeft: -1, ArrowRight: 1 };
type Choice = Column;

interface ColumnProps {
  collection: string;
  primaryKey: string;
  field: string;
  choice: Choice;
  title: string;
  filter: Record<string, unknown> | null;
  search: string;
  sort: string[];
  canMove: boolean;
  onDrop: (key: string, to: Choice) => void;
  onStep: (row: Item, step: number) => void;
}

/** One column: the items whose field holds the column's value, read page by page. */
function KanbanColumn(props: ColumnProps) {
  const { collection, primaryKey, field, choice, title, filter, search, sort, canMove } = props;
  const t = useTranslations('ItemBrowser');
  const format = useFormatter();
  const [limit, setLimit] = useState(COLUMN_PAGE);
  const [over, setOver] = useState(false);
  const own = { [field]: choice.value === null ? { _null: true } : { _eq: choice.value } };
  const items = useLiveItemsQuery(collection, {
    fields: [...new Set([primaryKey, field, ...templateFields(title)])],
    sort: sort.length ? sort : [primaryKey],
    filter: filter ? { _and: [filter, own] } : own,
    search,
    page: 1,
    limit,
  });
  const rows = items.data?.data ?? [];
  const total = items.data?.meta.total;

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const key = e.dataTransfer.getData(DRAG_TYPE);
    // Dropped where it came from: nothing changes.
    if (key && !rows.some((r) => String(r[primaryKey]) === key)) props.onDrop(key, choice);
  };

  return (
    <section
      aria-label={choice.text}
      onDragOver={(e) => {
        if (!canMove) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'flex max-h-[calc(100dvh-18rem)] min-h-40 w-64 shrink-0 flex-col rounded-lg border bg-muted/40',
        over && 'ring-2 ring-ring',
      )}
    >
      <h2 className="flex items-center justify-between px-3 py-2 text-sm font-semibold">
        <span className="truncate">{choice.text}</span>
        <span className="text-xs font-normal text-muted-foreground tabular-nums">
          {total === undefined ? '' : format.number(total)}
        </span>
      </h2>
      <ul className="flex-1 space-y-2 overflow-y-auto px-2 pb-2">
        {!items.data
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-12" />
              </li>
            ))
          : rows.map((row) => {
              const key = String(row[primaryKey]);
              return (
                <li key={key}>
                  <MovableItem
                    collection={collection}
                    itemKey={key}
                    row={row}
                    title={title}
                    canMove={canMove}
                    steps={STEPS}
                    onStep={(step) => props.onStep(row, step)}
                    className="rounded-md border bg-card p-2 text-sm shadow-xs"
                  />
                </li>
              );
            })}
      </ul>
      {total !== undefined && total > rows.length && (
        <Button
          variant="ghost"
          size="sm"
          className="m-2"
          disabled={items.isFetching}
          onClick={() => setLimit((l) => l + COLUMN_PAGE)}
        >
          {t('kanbanMore', { count: total - rows.length })}
        </Button>
      )}
    </section>
  );
}

/**
 * Items in columns by a field with choices, each column read from the server on its own.
 * Dragging a card to another column (or Alt with an arrow key on it) sets the field.
 */
export function KanbanLayout({
  collection,
  primaryKey,
  setup,
  title,
  filter,
  search,
  sort,
  canMove,
}: {
  collection: string;
  primaryKey: string;
  setup: KanbanSetup & { groupField: string };
  title: string;
  filter: Record<string, unknown> | null;
  search: string;
  sort: string[];
  canMove: boolean;
}) {
  const t = useTranslations('ItemBrowser');
  const { move } = useMoveItem(collection);
  const { columns, total } = useKanbanColumns(setup, t('kanbanNone'));
  const onStep = (row: Item, step: number) => {
    const at = columns.findIndex((c) => String(c.value) === String(row[setup.groupField]));
    const to = columns[at + step];
    if (at < 0 || !to) return;
    move(row[primaryKey] as string | number, setup.groupField, to.value, to.text);
  };
  return (
    <>
      {total !== null && total > columns.length - 1 && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('kanbanColumnsCapped', { shown: columns.length - 1, total })}
        </p>
      )}
      <div
        role="region"
        aria-label={t('kanbanLabel', { collection })}
        className="flex min-w-0 gap-3 overflow-x-auto pb-2"
      >
        {columns.map((choice) => (
          <KanbanColumn
            key={String(choice.value)}
            collection={collection}
            primaryKey={primaryKey}
            field={setup.groupField}
            choice={choice}
            title={title}
            filter={filter}
            search={search}
            sort={sort}
            canMove={canMove}
            onDrop={(key, to) => move(key, setup.groupField, to.value, to.text)}
            onStep={onStep}
          />
        ))}
      </div>
    </>
  );
}
