'use client';

import type { KeyboardEvent } from 'react';
import { renderTemplate } from '@/lib/client/items/display-template';
import type { Item } from '@/lib/client/items/types';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';

/** The drag payload: the item's key, as text. */
export const DRAG_TYPE = 'text/plain';

/**
 * An item on a calendar day or a board column: a link to the item that can be dragged
 * elsewhere, or moved by Alt with an arrow key (`steps` maps each key to a step).
 */
export function MovableItem({
  collection,
  itemKey,
  row,
  title,
  canMove,
  steps,
  onStep,
  className,
}: {
  collection: string;
  itemKey: string;
  row: Item;
  title: string;
  canMove: boolean;
  steps: Partial<Record<string, number>>;
  onStep: (step: number) => void;
  className?: string;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    const step = steps[e.key];
    if (!canMove || !e.altKey || step === undefined) return;
    e.preventDefault();
    onStep(step);
  };
  return (
    <Link
      href={`/content/${encodeURIComponent(collection)}/${encodeURIComponent(itemKey)}`}
      prefetch={false}
      draggable={canMove}
      onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, itemKey)}
      onKeyDown={onKeyDown}
      aria-keyshortcuts={
        canMove
          ? Object.keys(steps)
              .map((k) => `Alt+${k}`)
              .join(' ')
          : undefined
      }
      className={cn(
        'block hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {renderTemplate(title, row) || itemKey}
    </Link>
  );
}
