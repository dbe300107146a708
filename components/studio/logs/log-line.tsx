'use client';

import { useFormatter } from 'next-intl';
import { levelName, type LogEntry } from '@/lib/client/logs/types';
import { cn } from '@/lib/cn';

const LEVEL_CLASS: Record<string, string> = {
  trace: 'text-muted-foreground',
  debug: 'text-muted-foreground',
  info: 'text-blue-700 dark:text-blue-300',
  warn: 'text-amber-700 dark:text-amber-300',
  error: 'text-red-700 dark:text-red-300',
  fatal: 'text-red-800 font-bold dark:text-red-200',
};

// Pino's own bookkeeping; everything else an entry carries is shown after the message.
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

export function LogLine({ entry }: { entry: LogEntry }) {
  const format = useFormatter();
  const name = levelName(entry.level);
  const extra = Object.fromEntries(Object.entries(entry).filter(([k]) => !HIDDEN.has(k)));
  const hasExtra = Object.keys(extra).length > 0;
  return (
    <li className="grid grid-cols-[auto_auto_1fr] gap-x-3 px-3 py-1 font-mono text-xs leading-5 hover:bg-muted/50 sm:px-4">
      <time
        dateTime={new Date(entry.time).toISOString()}
        className="text-muted-foreground tabular-nums"
      >
        {format.dateTime(new Date(entry.time), {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })}
      </time>
      <span className={cn('w-10 uppercase', LEVEL_CLASS[name])}>{name}</span>
      <span className="min-w-0 break-words whitespace-pre-wrap">
        {entry.msg}
        {hasExtra && <span className="text-muted-foreground"> {JSON.stringify(extra)}</span>}
      </span>
    </li>
  );
}
