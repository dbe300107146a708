'use client';

import { History } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivityQuery } from '@/lib/client/activity/activity-query';
import { useActivityFacetsQuery } from '@/lib/client/activity/activity-facets-query';
import { useActivityPerDayQuery } from '@/lib/client/activity/activity-per-day-query';
import { useActivityStream } from '@/lib/client/activity/activity-stream';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { EmptyState } from '../kit/empty-state';
import { LiveIndicator } from '../kit/live-indicator';
import { PageHeader } from '../kit/page-header';
import { ActionsChart } from './actions-chart';
import { ActivityFilters } from './activity-filters';
import { ActivityTimeline } from './activity-timeline';
import { ErrorState } from '@/components/studio/kit/data-state';
import { useActivityFilters } from './use-activity-filters';

const PAGE_SIZE = 25;
const CHART_DAYS = 30;

export function ActivityScreen() {
  const t = useTranslations('Activity');
  const scope = useActiveScope();
  const { filters, page, setFilters, setPage } = useActivityFilters();
  const facets = useActivityFacetsQuery(scope);
  // The chart covers the last 30 days; the date range narrows only the timeline.
  const chartFilters = {
    user: filters.user,
    collection: filters.collection,
    action: filters.action,
  };
  const perDay = useActivityPerDayQuery(scope, chartFilters, CHART_DAYS);
  const list = useActivityQuery(scope, filters, page, PAGE_SIZE);
  useActivityStream();

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<LiveIndicator />} />
      <div className="flex flex-col gap-6">
        <ActivityFilters filters={filters} facets={facets.data} onChange={setFilters} />
        <section
          aria-labelledby="activity-chart-title"
          className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
        >
          <h2 id="activity-chart-title" className="mb-3 text-sm font-semibold">
            {t('chartTitle', { days: CHART_DAYS })}
          </h2>
          {perDay.isPending ? (
            <Skeleton className="h-[220px] w-full" />
          ) : perDay.isError ? (
            <ErrorState error={perDay.error} onRetry={() => perDay.refetch()} />
          ) : (
            <ActionsChart days={perDay.data} />
          )}
        </section>
        <section aria-labelledby="activity-list-title">
          <h2 id="activity-list-title" className="mb-2 text-sm font-semibold">
            {t('timelineTitle')}
          </h2>
          {list.isPending ? (
            <div aria-busy="true" className="space-y-3 rounded-xl border bg-card p-4">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => list.refetch()} />
          ) : list.data.entries.length === 0 ? (
            <EmptyState icon={History} title={t('emptyTitle')}>
              {Object.values(filters).some(Boolean) ? t('emptyFiltered') : t('emptyBody')}
            </EmptyState>
          ) : (
            <ActivityTimeline
              page={list.data}
              users={facets.data?.users ?? []}
              pageNumber={page}
              pageSize={PAGE_SIZE}
              loading={list.isPlaceholderData}
              onPage={setPage}
            />
          )}
        </section>
      </div>
    </>
  );
}
