'use client';

import { Undo2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { LiHTMLAttributes } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { DragGrip, MoveButtons } from '../../kit/reorder';

/** One block of a many-to-any list: its collection, how it shows, move and remove. */
export function BlockRow({
  collection,
  name,
  itemKey,
  state,
  editable,
  reorder,
  onRemove,
  onUndo,
}: {
  collection: string;
  name: string;
  itemKey: string | null;
  /** stored: as read; removed: to delete on save; create / link: added now. */
  state: 'stored' | 'removed' | 'create' | 'link';
  editable: boolean;
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
  const t = useTranslations('BlocksInput');
  const removed = state === 'removed';
  const label = t('blockName', { collection, name });
  return (
    <li
      className={cn('flex items-center gap-2 px-3 py-1.5', reorder?.dragging && 'opacity-50')}
      {...reorder?.dragProps}
    >
      {reorder && <DragGrip />}
      {/* Collection, name and state stack on a phone and line up from sm. */}
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
        <Badge variant="outline" className="max-w-full truncate font-mono">
          {collection}
        </Badge>
        <span
          className={cn(
            'max-w-full min-w-0 truncate sm:flex-1',
            removed && 'text-muted-foreground line-through',
          )}
        >
          {name}
          {itemKey !== null && (
            <span className="ml-1 font-mono text-xs text-muted-foreground">#{itemKey}</span>
          )}
        </span>
        {(state === 'create' || state === 'link') && (
          <Badge variant="success">{t(state === 'create' ? 'toCreate' : 'toLink')}</Badge>
        )}
      </div>
      {reorder && (
        <MoveButtons
          index={reorder.index}
          total={reorder.total}
          upLabel={t('moveUp', { block: label })}
          downLabel={t('moveDown', { block: label })}
          onMove={reorder.onMove}
        />
      )}
      {editable && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={removed ? t('keep', { block: label }) : t('remove', { block: label })}
          onClick={removed ? onUndo : onRemove}
        >
          {removed ? <Undo2 aria-hidden /> : <X aria-hidden />}
        </Button>
      )}
    </li>
  );
}
