'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { filterParams } from './filter-params';
import { activityKeys } from './keys';
import type { ActivityDay, ActivityFilters } from './types';

interface GroupRow {
  count: { id: number } | number;
  'year(timestamp)': number;
  'month(timestamp)': number;
  'day(timestamp)': number;
  action: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Every UTC day from `days - 1` days ago to today, so days without activity show as zero. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => isoDay(new Date(today - (days - 1 - i) * 864e5)));
}

/** Folds the server's (day, action) groups into one entry per day. */
export function foldDays(rows: GroupRow[], days: string[]): ActivityDay[] {
  const byDay = new Map(days.map((day) => [day, { day, counts: {}, total: 0 } as ActivityDay]));
  for (const row of rows) {
    const day = `${row['year(timestamp)']}-${pad(row['month(timestamp)'])}-${pad(row['day(timestamp)'])}`;
    const entry = byDay.get(day);
    if (!entry) continue;
    const count = typeof row.count === 'number' ? row.count : row.count.id;
    entry.counts[row.action] = (entry.counts[row.action] ?? 0) + count;
    entry.total += count;
  }
  return [...byDay.values()];
}

/**
 * Actions per day over the last `days` days, counted by the server (aggregate and groupBy
 * on the activity log), so the chart costs one small answer however busy the log is.
 */
export function useActivityPerDayQuery(scope: string | null, filters: ActivityFilters, days = 30) {
  return useQuery({
    queryKey: activityKeys.perDay(scope, filters, days),
    queryFn: async ({ signal }) => {
      const range = lastDays(days);
      const from = filters.from && filters.from > range[0] ? filters.from : range[0];
      const params = filterParams({ ...filters, from });
      params.set('aggregate[count]', 'id');
      for (const group of ['year(timestamp)', 'month(timestamp)', 'day(timestamp)', 'action']) {
        params.append('groupBy[]', group);
      }
      params.set('limit', '-1');
      const body = await apiFetch<{ data: GroupRow[] }>(`/api/activity?${params}`, { signal });
      return foldDays(body.data, range);
    },
  });
}
