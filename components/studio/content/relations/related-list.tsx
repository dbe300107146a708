'use client';

import { Link2, Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Item, ItemKey } from '@/lib/client/items/types';
import type { Relational } from '@/lib/client/items/relational';
import { moveItem } from '@/lib/client/fields/field-order';
import { useDragReorder } from '../../reorder';
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

/**
 * A one-to-many or many-to-many field: the linked items, with add existing (picker),
 * create new (a small form) and remove, and, when the relation has a sort field, drag and
 * up/down reordering. Changes are staged and saved with the item.
 */
export function RelatedList({
  label,
  rel,
  relatedPk,
  junctionPk,
  labelField,
  current,
  changes,
  onChange,
  disabled,
  canCreateRelated,
}: {
  label: string;
  rel: ListRel;
  relatedPk: string;
  /** m2m only: the junction's primary key (what a removal deletes). */
  junctionPk: string | null;
  labelField: string;
  /** As read: o2m rows, or m2m junction rows with the related item nested. */
  current: Item[];
  changes: RelatedChanges | undefined;
  onChange: (c: RelatedChanges) => void;
  disabled?: boolean;
  canCreateRelated: boolean;
}) {
  const t = useTranslations('ItemEditor');
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const c = changes ?? noChanges();

  const shape = { rel, relatedPk, junctionPk };
  const read = relatedRows(shape, current);
  const rows = orderedRows(read, c.order);
  const linkedKeys = rows
    .map((r) => r.item[relatedPk] as ItemKey)
    .concat(c.added.flatMap((a) => (a.key === undefined ? [] : [a.key])));
  const show = (item: Item) => {
    const text = item[labelField];
    return text === null || text === undefined ? '' : String(text);
  };
  const nameOf = (item: Item) => show(item) || `#${String(item[relatedPk])}`;
  const sortable = rel.sortField !== null && !disabled && rows.length > 1;

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return;
    onChange({ ...c, order: orderChange(read, moveItem(rows, from, to)) });
    setAnnouncement(
      t('relatedMoved', { item: nameOf(rows[from].item), position: to + 1, total: rows.length }),
    );
  }
  const drag = useDragReorder(move, sortable);

  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      {sortable && <p className="text-xs text-muted-foreground">{t('reorderHint')}</p>}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ul className="flex flex-col divide-y rounded-md border bg-card text-sm">
        {rows.length === 0 && c.added.length === 0 && (
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
            onRemove={() => onChange({ ...c, removed: [...c.removed, key] })}
            onUndo={() =>
              onChange({ ...c, removed: c.removed.filter((k) => String(k) !== String(key)) })
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
                onClick={() => onChange({ ...c, added: c.added.filter((_, j) => j !== i) })}
              >
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
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
        onPick={(key, item) => onChange({ ...c, added: [...c.added, { key, display: item }] })}
      />
      <CreateRelatedDialog
        collection={rel.related}
        open={creating}
        onOpenChange={setCreating}
        // An o2m child's foreign key is set by the nested write: don't ask for it.
        omit={rel.kind === 'o2m' ? [rel.foreignKey] : []}
        onCreate={(values) => onChange({ ...c, added: [...c.added, { values, display: values }] })}
      />
    </div>
  );
}
