'use client';

import { cn } from '@/lib/cn';

/**
 * A progress bar: with `value` (0–100) it fills to it; without, it runs while the work's
 * size is not known (the server writing a file, say).
 */
export function Progress({ label, value }: { label: string; value?: number }) {
  const known = value !== undefined;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? Math.round(value) : undefined}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width]',
            !known && 'w-1/3 animate-pulse',
          )}
          style={known ? { width: `${Math.max(2, Math.min(100, value))}%` } : undefined}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {label}
        {known && ` ${Math.round(value)}%`}
      </p>
    </div>
  );
}
