/**
 * Calendar arithmetic in the browser's time zone, on `YYYY-MM-DD` day keys. Weeks start on
 * Monday (ISO 8601). Kept free of React so it can be tested on its own.
 */
export type CalendarMode = 'month' | 'week' | 'day';
export type DateKind = 'date' | 'dateTime' | 'timestamp';

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function parseDay(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

function monday(d: Date): Date {
  return addDays(d, -((d.getDay() + 6) % 7));
}

/** The days a span shows, and its bounds: `start` inclusive, `end` exclusive. */
export function spanOf(mode: CalendarMode, key: string): { days: Date[]; start: Date; end: Date } {
  const date = parseDay(key);
  const start =
    mode === 'day'
      ? date
      : mode === 'week'
        ? monday(date)
        : monday(new Date(date.getFullYear(), date.getMonth(), 1));
  const length = mode === 'day' ? 1 : mode === 'week' ? 7 : 42;
  const days = Array.from({ length }, (_, i) => addDays(start, i));
  return { days, start, end: addDays(start, length) };
}

/** The same span one step earlier or later. */
export function shift(mode: CalendarMode, key: string, step: -1 | 1): string {
  const date = parseDay(key);
  if (mode === 'month') return dayKey(new Date(date.getFullYear(), date.getMonth() + step, 1));
  return dayKey(addDays(date, step * (mode === 'week' ? 7 : 1)));
}

/** A bound for a filter on a field of `kind`, as the API compares it. */
export function boundValue(kind: DateKind, d: Date): string {
  if (kind === 'date') return dayKey(d);
  if (kind === 'dateTime') return `${dayKey(d)}T00:00:00`;
  return d.toISOString();
}

/** The day an item falls on, in the browser's zone; null for no or bad values. */
export function dayOfValue(kind: DateKind, value: unknown): string | null {
  if (typeof value !== 'string' || value.length < 10) return null;
  if (kind === 'date' || kind === 'dateTime') return value.slice(0, 10);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : dayKey(d);
}

/** The value that puts an item on `day`, keeping its time of day. */
export function movedValue(kind: DateKind, value: unknown, day: string): string {
  if (kind === 'date') return day;
  if (kind === 'dateTime') {
    const time = typeof value === 'string' && value.length > 10 ? value.slice(10) : 'T00:00:00';
    return `${day}${time}`;
  }
  const old = typeof value === 'string' ? new Date(value) : null;
  const target = parseDay(day);
  if (old && !Number.isNaN(old.getTime())) {
    target.setHours(old.getHours(), old.getMinutes(), old.getSeconds(), old.getMilliseconds());
  }
  return target.toISOString();
}
