'use client';

import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export const MIN_WIDTH = 60;
export const MAX_WIDTH = 800;
const KEY_STEP = 20;

const clamp = (w: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));

/**
 * The grip on a header's right edge: drag it, or focus it and press the arrow keys, to make
 * the column narrower or wider. The width is reported once, when the drag ends.
 */
export function ResizeHandle({
  label,
  width,
  onResize,
  onLive,
}: {
  label: string;
  /** The column's width now, in pixels (measured when none was set). */
  width: () => number;
  onResize: (width: number) => void;
  /** While dragging: the width to show. */
  onLive: (width: number | null) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const [value, setValue] = useState<number | null>(null);
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, width: width() };
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (!start.current) return;
    const next = clamp(start.current.width + e.clientX - start.current.x);
    setValue(next);
    onLive(next);
  };
  const up = () => {
    if (!start.current) return;
    start.current = null;
    onLive(null);
    if (value !== null) onResize(value);
    setValue(null);
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    onResize(clamp(width() + step));
  };
  // A button, not a separator: it is focusable and takes arrow keys, and a focusable
  // separator would have to state its current width before anything was measured.
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts="ArrowLeft ArrowRight"
      data-resize-handle
      draggable={false}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onKeyDown={key}
      onClick={(e) => e.stopPropagation()}
      className="absolute top-0 right-0 z-10 h-full w-2 cursor-col-resize touch-none border-r-2 border-transparent outline-none hover:border-primary/60 focus-visible:border-primary"
    />
  );
}
