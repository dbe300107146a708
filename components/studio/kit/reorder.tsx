'use client';

import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useRef, useState, type LiHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';

type Move = (from: number, to: number) => void;

/**
 * Pointer reordering of a list, shared by the data model's field list and the item
 * editor's relation lists: each row is a native drag source and drop target, so no
 * library is needed. Keyboard users get `MoveButtons` on every row.
 */
export function useDragReorder(onMove: Move, enabled = true) {
  const [dragged, setDragged] = useState<number | null>(null);
  function rowProps(index: number): LiHTMLAttributes<HTMLLIElement> {
    if (!enabled) return {};
    return {
      draggable: true,
      onDragStart: (e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(index));
        setDragged(index);
      },
      onDragEnd: () => setDragged(null),
      // Only a drag that started in this list may drop here.
      onDragOver: (e) => {
        if (dragged !== null) e.preventDefault();
      },
      onDrop: (e) => {
        e.preventDefault();
        if (dragged !== null) onMove(dragged, index);
        setDragged(null);
      },
    };
  }
  return { rowProps, dragged };
}

/** The grip a row is dragged by (the whole row is the drag source; this shows it). */
export function DragGrip() {
  return <GripVertical aria-hidden className="size-4 shrink-0 cursor-grab text-muted-foreground" />;
}

/**
 * Move up / move down for one row. Focus stays on the button pressed while its row moves
 * (React re-inserts a moved row's node, which drops the focus), or goes to the other
 * button once the row reaches an end of the list.
 */
export function MoveButtons({
  index,
  total,
  disabled,
  upLabel,
  downLabel,
  onMove,
}: {
  index: number;
  total: number;
  disabled?: boolean;
  upLabel: string;
  downLabel: string;
  onMove: Move;
}) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  function press(to: number, pressed: typeof up, other: typeof up) {
    onMove(index, to);
    requestAnimationFrame(() => {
      const target = pressed.current?.disabled ? other.current : pressed.current;
      if (target && document.activeElement !== target) target.focus();
    });
  }
  return (
    <>
      <Button
        ref={up}
        type="button"
        variant="ghost"
        size="icon"
        aria-label={upLabel}
        disabled={disabled || index === 0}
        onClick={() => press(index - 1, up, down)}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        ref={down}
        type="button"
        variant="ghost"
        size="icon"
        aria-label={downLabel}
        disabled={disabled || index === total - 1}
        onClick={() => press(index + 1, down, up)}
      >
        <ArrowDown aria-hidden />
      </Button>
    </>
  );
}
