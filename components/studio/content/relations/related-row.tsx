'use client';

import { Undo2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { LiHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { DragGrip, MoveButtons } from '../../kit/reorder';

/**
 * One linked item of a relation list: its name and key, move controls when the relation
 * has a sort field, and remove (or keep, once marked for removal).
 */
export function RelatedRow({
  name,
  itemKey,
  removed,
  editable,
  reorder,
  onRemove,
  onUndo,
}: {
  name: string;
  itemKey: string;
  removed: boolean;
  editable: boolean;
  /** Present when the list can be reordered: this row's place and its drag props. */
  reorder: {
    index: number;
    total: number;
    dragging: boolean;
    dragProps: LiHTMLAttributes<HTMLLIElement>;
    onMove: (from: number, to: number) => void;
  } | null;
  onRemove: () => void;
  onUndo: () => void;
}) {
  const t = useTranslations('ItemEditor');
  return (
    <li
      className={cn('flex items-center gap-2 px-3 py-1.5', reorder?.dragging && 'opacity-50')}
      {...reorder?.dragProps}
    >
      {reorder && <DragGrip />}
      <span className={cn('flex-1 truncate', removed && 'text-muted-foreground line-through')}>
        {name} <span className="font-mono text-xs text-muted-foreground">#{itemKey}</span>
      </span>
      {reorder && (
        <MoveButtons
          index={reorder.index}
          total={reorder.total}
          upLabel={t('moveRelatedUp', { item: name })}
          downLabel={t('moveRelatedDown', { item: name })}
          onMove={reorder.onMove}
        />
      )}
      {editable &&
        (removed ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={t('undoRemove', { item: name })}
            onClick={onUndo}
          >
            <Undo2 aria-hidden />
          </Button>
        ) : (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={t('removeRelated', { item: name })}
            onClick={onRemove}
          >
            <X aria-hidden />
          </Button>
        ))}
    </li>
  );
}
