'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type DragEvent } from 'react';
import { ErrorState } from '@/components/studio/kit/data-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { templateFields } from '@/lib/client/items/display-template';
import { useLiveItemsQuery } from '@/lib/client/items/live-items-query';
import type { Item } from '@/lib/client/items/types';
import { cn } from '@/lib/cn';
import {
  addDays,
  boundValue,
  dayKey,
  dayOfValue,
  movedValue,
  parseDay,
  shift,
  spanOf,
  type CalendarMode,
  type DateKind,
} from './calendar-dates';
import type { CalendarSetup } from './layout-fields';
import { todayString } from './layout-fields';
import { DRAG_TYPE, MovableItem } from './movable-item';
import { useMoveItem } from './use-move-item';

/** More than a span shows is rare; past it the person narrows the span or the filter. */
const SPAN_LIMIT = 500;
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * Items placed on the days of a month, week or day by a date field, read from the server
 * for the shown span only (with the browser's filter and search). Drag an item to another
 * day, or press Alt with an arrow key on it, to move it there; the time of day is kept.
 */
export function CalendarLayout({
  collection,
  primaryKey,
  setup,
  title,
  filter,
  search,
  canMove,
  onChange,
}: {
  collection: string;
  primaryKey: string;
  setup: CalendarSetup & { startDateField: string; dateType: DateKind };
  title: string;
  filter: Record<string, unknown> | null;
  search: string;
  canMove: boolean;
  onChange: (patch: { mode?: CalendarMode; date?: string }) => void;
}) {
  const t = useTranslations('ItemBrowser');
  const format = useFormatter();
  const { startDateField: field, dateType: kind, mode, date } = setup;
  const span = spanOf(mode, date);
  const inSpan = {
    [field]: { _gte: boundValue(kind, span.start), _lt: boundValue(kind, span.end) },
  };
  const items = useLiveItemsQuery(collection, {
    fields: [...new Set([primaryKey, field, ...templateFields(title)])],
    sort: [field],
    filter: filter ? { _and: [filter, inSpan] } : inSpan,
    search,
    page: 1,
    limit: SPAN_LIMIT,
  });
  const { move } = useMoveItem(collection);
  const [over, setOver] = useState<string | null>(null);

  const byDay = new Map<string, Item[]>();
  for (const row of items.data?.data ?? []) {
    const day = dayOfValue(kind, row[field]);
    if (day) byDay.set(day, [...(byDay.get(day) ?? []), row]);
  }
  const dayName = (d: Date) => format.dateTime(d, { dateStyle: 'full' });
  const moveTo = (row: Item, day: string) => {
    if (dayOfValue(kind, row[field]) === day) return;
    const key = row[primaryKey] as string | number;
    move(key, field, movedValue(kind, row[field], day), dayName(parseDay(day)));
  };
  const drop = (day: string) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const key = e.dataTransfer.getData(DRAG_TYPE);
    const row = items.data?.data.find((r) => String(r[primaryKey]) === key);
    if (row) moveTo(row, day);
  };

  const heading =
    mode === 'month'
      ? format.dateTime(parseDay(date), { month: 'long', year: 'numeric' })
      : mode === 'week'
        ? `${format.dateTime(span.days[0], { dateStyle: 'medium' })} – ${format.dateTime(span.days[6], { dateStyle: 'medium' })}`
        : dayName(parseDay(date));
  const month = parseDay(date).getMonth();
  const total = items.data?.meta.total ?? 0;

  return (
    <section aria-label={t('calendarLabel', { collection })} className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('calendarPrevious')}
          onClick={() => onChange({ date: shift(mode, date, -1) })}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('calendarNext')}
          onClick={() => onChange({ date: shift(mode, date, 1) })}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onChange({ date: todayString() })}>
          {t('calendarToday')}
        </Button>
        <h2 className="text-base font-semibold" aria-live="polite">
          {heading}
        </h2>
        <ToggleGroup
          type="single"
          value={mode}
          onValueChange={(m) => m && onChange({ mode: m as CalendarMode })}
          aria-label={t('calendarMode')}
          className="ml-auto"
        >
          {(['month', 'week', 'day'] as const).map((m) => (
            <ToggleGroupItem key={m} value={m} size="sm">
              {t(`calendar_${m}`)}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      {total > SPAN_LIMIT && (
        <p role="status" className="mb-2 text-sm text-muted-foreground">
          {t('calendarCapped', { shown: SPAN_LIMIT, total })}
        </p>
      )}
      {items.error && !items.data ? (
        <ErrorState error={items.error} onRetry={items.refetch} retrying={items.isFetching} />
      ) : (
        <div
          className={cn(
            'grid gap-px overflow-hidden rounded-lg border bg-border',
            mode === 'day' ? 'grid-cols-1' : 'grid-cols-7',
            items.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={items.isFetching}
        >
          {mode !== 'day' &&
            span.days.slice(0, 7).map((d) => (
              <div
                key={`h${d.getDay()}`}
                aria-hidden
                className="bg-muted px-1 py-1 text-center text-xs font-medium text-muted-foreground"
              >
                {format.dateTime(d, { weekday: 'short' })}
              </div>
            ))}
          {span.days.map((d) => {
            const day = dayKey(d);
            const rows = byDay.get(day) ?? [];
            return (
              <div
                key={day}
                role="group"
                aria-label={dayName(d)}
                onDragOver={(e) => {
                  if (!canMove) return;
                  e.preventDefault();
                  setOver(day);
                }}
                onDragLeave={() => setOver((o) => (o === day ? null : o))}
                onDrop={drop(day)}
                className={cn(
                  'min-w-0 bg-background p-1',
                  mode === 'month' ? 'min-h-20' : 'min-h-40',
                  mode === 'month' && d.getMonth() !== month && 'bg-muted text-muted-foreground',
                  over === day && 'bg-accent',
                )}
              >
                <p className={cn('text-xs', day === todayString() && 'font-bold text-primary')}>
                  {d.getDate()}
                </p>
                {!items.data ? (
                  <Skeleton className="mt-1 h-4" />
                ) : (
                  <ul className="mt-1 space-y-0.5">
                    {rows.map((row) => {
                      const key = String(row[primaryKey]);
                      return (
                        <li key={key}>
                          <MovableItem
                            collection={collection}
                            itemKey={key}
                            row={row}
                            title={title}
                            canMove={canMove}
                            steps={STEPS}
                            onStep={(step) => moveTo(row, dayKey(addDays(parseDay(day), step)))}
                            className="truncate rounded bg-primary/10 px-1 text-foreground text-[11px] leading-5"
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
