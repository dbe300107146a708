import type { ActivityFilters } from './types';

/** Activity rows follow the caller's read permissions at the active scope. */
export const activityKeys = {
  all: ['activity'] as const,
  scoped: (scope: string | null) => [...activityKeys.all, scope] as const,
  list: (scope: string | null, filters: ActivityFilters, page: number, limit: number) =>
    [...activityKeys.scoped(scope), 'list', filters, page, limit] as const,
  perDay: (scope: string | null, filters: ActivityFilters, days: number) =>
    [...activityKeys.scoped(scope), 'per-day', filters, days] as const,
  facets: (scope: string | null) => [...activityKeys.scoped(scope), 'facets'] as const,
};
