'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { useRealtimeStatus } from '@/lib/client/realtime/use-realtime';

/** Whether the page follows changes as they happen: a dot and a word, announced politely. */
export function LiveIndicator({ className }: { className?: string }) {
  const t = useTranslations('Live');
  const status = useRealtimeStatus();
  const state = status === 'open' ? 'live' : status === 'offline' ? 'offline' : 'connecting';
  return (
    <span
      role="status"
      title={t(`${state}Hint`)}
      data-state={state}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          state === 'live' && 'bg-emerald-500',
          state === 'offline' && 'bg-amber-500',
          state === 'connecting' && 'animate-pulse bg-muted-foreground/60',
        )}
      />
      {t(state)}
    </span>
  );
}
