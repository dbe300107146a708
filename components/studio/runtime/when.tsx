'use client';

import { useFormatter, useNow } from 'next-intl';

/** A moment as date and time, with how long ago or ahead it is; a dash when there is none. */
export function When({ value, empty }: { value: string | null; empty: string }) {
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  if (!value) return <span className="text-muted-foreground">{empty}</span>;
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} className="flex flex-col">
      <span>{format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' })}</span>
      <span className="text-xs text-muted-foreground">{format.relativeTime(date, now)}</span>
    </time>
  );
}
