'use client';

import { Link2, Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { displayItem, type ItemDisplay } from '@/lib/client/items/display-template';
import type { Item, ItemKey } from '@/lib/client/items/types';
import type { Relational } from '@/lib/client/items/relational';
import { useRelatedPageQuery } from '@/lib/client/items/related-items-query';
import { moveItem } from '@/lib/client/fields/field-order';
import { ErrorState } from '../../kit/data-state';
import { Pagination } from '../../kit/pagination';
import { useDragReorder } from '../../kit/reorder';
import { CreateRelatedDialog } from './create-related-dialog';
import { ItemPicker } from './item-picker';
import {
  noChanges,
  orderChange,
  orderedRows,
  relatedRows,
  type RelatedChanges,
} from './related-model';
import { RelatedRow } from './related-row';

type ListRel = Extract<Relational, { kind: 'o2m' | 'm2m' }>;

/** Linked items per page of the list; a few hundred linked items stay quick to page through. */
export const RELATED_PAGE_SIZE = 15;

/**
 * A one-to-many or many-to-many field: the linked items a page at a time (read from the
 * server with their count), with add existing (picker), create new (a small form) and
 * remove, and, when the relation has a sort field and all items fit on one page, drag and
 * up/down reordering. Changes are staged and saved with the item.
 */
export function RelatedList({
  label,
  rel,
  parentKey,
  relatedPk,
  junctionPk,
  display,
  changes,
  onChange,
  disabled,
  canCreateRelated,
}: {
  label: string;
  rel: ListRel;
  /** The item on the form; null for a new item, which has nothing linked yet. */
  parentKey: ItemKey | null;
  relatedPk: string;
  /** m2m only: the junction's primary key (what a removal deletes). */
  junctionPk: string | null;
  /** How a related item shows (its collection's display template). */
  display: ItemDisplay;
  changes: RelatedChanges | undefined;
  onChange: (c: RelatedChanges) => void;
  disabled?: boolean;
  canCreateRelated: boolean;
}) {
  const t = useTranslations('ItemEditor');
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [page, setPage] = useState(1);
  const c = changes ?? noChanges();
  const linked = useRelatedPageQuery({
    rel,
    parentKey,
    relatedPk,
    junctionPk,
    displayFields: display.fields,
    page,
    limit: RELATED_PAGE_SIZE,
  });
  const current = linked.data?.rows ?? [];
  const total = parentKey === null ? 0 : (linked.data?.total ?? null);
  // Every change carries the page it was made on: the save numbers sort values from it.
  const change = (next: RelatedChanges) =>
    onChange({ ...next, seen: { rows: current, total: total ?? current.length } });

  const shape = { rel, relatedPk, junctionPk };
  const read = relatedRows(shape, current);
  const rows = orderedRows(read, c.order);
  const linkedKeys = rows
    .map((r) => r.item[relatedPk] as ItemKey)
    .concat(c.added.flatMap((a) => (a.key === undefined ? [] : [a.key])));
  const show = (item: Item) => (Object.keys(item).length ? displayItem(display, item) : '');
  const nameOf = (item: Item) => show(item) || `#${String(item[relatedPk])}`;
  const onePage = total !== null && total <= RELATED_PAGE_SIZE;
  const sortable = rel.sortField !== null && !disabled && rows.length > 1 && onePage;
  const loading = parentKey !== null && !linked.data;

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return;
    change({ ...c, order: orderChange(read, moveItem(rows, from, to)) });
    setAnnouncement(
      t('relatedMoved', { item: nameOf(rows[from].item), position: to + 1, total: rows.length }),
    );
  }
  const drag = useDragReorder(move, sortable);

  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      {total !== null && total > 0 && (
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('relatedCount', { count: total })}
        </p>
      )}
      {sortable && <p className="text-xs text-muted-foreground">{t('reorderHint')}</p>}
      {rel.sortField !== null && !disabled && !onePage && total !== null && (
        <p className="text-xs text-muted-foreground">{t('reorderPagedHint')}</p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {linked.error && !linked.data && (
        <ErrorState error={linked.error} onRetry={linked.refetch} retrying={linked.isFetching} />
      )}
      <ul
        className="flex flex-col divide-y rounded-md border bg-card text-sm"
        aria-busy={loading || linked.isPlaceholderData}
      >
        {loading &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={`loading-${i}`} className="px-3 py-2" aria-hidden>
              <Skeleton className="h-5 w-1/2" />
            </li>
          ))}
        {!loading && rows.length === 0 && c.added.length === 0 && (
          <li className="px-3 py-2 text-muted-foreground">{t('noRelated')}</li>
        )}
        {rows.map(({ key, item }, index) => (
          <RelatedRow
            key={String(key)}
            name={nameOf(item)}
            itemKey={String(item[relatedPk])}
            removed={c.removed.some((k) => String(k) === String(key))}
            editable={!disabled}
            reorder={
              sortable
                ? {
                    index,
                    total: rows.length,
                    dragging: drag.dragged === index,
                    dragProps: drag.rowProps(index),
                    onMove: move,
                  }
                : null
            }
            onRemove={() => change({ ...c, removed: [...c.removed, key] })}
            onUndo={() =>
              change({ ...c, removed: c.removed.filter((k) => String(k) !== String(key)) })
            }
          />
        ))}
        {c.added.map((a, i) => {
          const name =
            show(a.display) || (a.key !== undefined ? `#${String(a.key)}` : t('newItem'));
          return (
            <li key={`added-${i}`} className="flex items-center gap-2 px-3 py-1.5">
              <span className="flex-1 truncate">{name}</span>
              <Badge variant="success">{a.key === undefined ? t('toCreate') : t('toLink')}</Badge>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('removeRelated', { item: name })}
                onClick={() => change({ ...c, added: c.added.filter((_, j) => j !== i) })}
              >
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      {total !== null && total > RELATED_PAGE_SIZE && (
        <Pagination
          label={t('relatedPages', { field: label })}
          page={page}
          pageSize={RELATED_PAGE_SIZE}
          total={total}
          pageRows={current.length}
          onPageChange={setPage}
          disabled={linked.isPlaceholderData}
        />
      )}
      {!disabled && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
            <Link2 aria-hidden />
            {t('addExisting')}
          </Button>
          {canCreateRelated && (
            <Button type="button" variant="outline" size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t('createNew')}
            </Button>
          )}
        </div>
      )}
      <ItemPicker
        collection={rel.related}
        open={picking}
        onOpenChange={setPicking}
        exclude={linkedKeys}
        extraFields={display.fields}
        onPick={(key, item) => change({ ...c, added: [...c.added, { key, display: item }] })}
      />
      <CreateRelatedDialog
        collection={rel.related}
        open={creating}
        onOpenChange={setCreating}
        // An o2m child's foreign key is set by the nested write: don't ask for it.
        omit={rel.kind === 'o2m' ? [rel.foreignKey] : []}
        onCreate={(values) => change({ ...c, added: [...c.added, { values, display: values }] })}
      />
    </div>
  );
}
