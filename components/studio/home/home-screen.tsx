'use client';

import { Boxes, Database, Users } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { useActivityPerDayQuery } from '@/lib/client/activity/activity-per-day-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { useProjectCountsQuery } from '@/lib/client/server/counts-query';
import { useServerInfoQuery } from '@/lib/client/server/info-query';
import { ActionsChart } from '../activity/actions-chart';
import { ErrorState } from '@/components/studio/kit/data-state';
import { PageHeader } from '../kit/page-header';
import { HealthCard } from './health-card';
import { RecentActivity } from './recent-activity';
import { refused } from './refused';
import { StatCard } from './stat-card';

const NO_FILTERS = {};

export function HomeScreen() {
  const t = useTranslations('Home');
  const format = useFormatter();
  const scope = useActiveScope();
  const me = useMeQuery().data;
  const info = useServerInfoQuery();
  const counts = useProjectCountsQuery(scope);
  const perDay = useActivityPerDayQuery(scope, NO_FILTERS, 30);
  const name = me?.first_name?.trim();
  const n = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : format.number(value);

  return (
    <>
      <PageHeader
        title={name ? t('welcomeNamed', { name }) : t('welcome')}
        description={
          info.data ? t('project', { project: info.data.project.project_name }) : t('description')
        }
      />
      <div className="flex flex-col gap-6">
        {counts.isError ? (
          <ErrorState error={counts.error} onRetry={() => counts.refetch()} />
        ) : (
          <section aria-label={t('counts')} className="grid gap-3 sm:grid-cols-3">
            <StatCard
              icon={Boxes}
              label={t('collections')}
              value={n(counts.data?.collections)}
              loading={counts.isPending}
            />
            <StatCard
              icon={Database}
              label={t('items')}
              value={n(counts.data?.items)}
              loading={counts.isPending}
              hint={
                counts.data && counts.data.collections > counts.data.itemCollections
                  ? t('itemsPartial', { count: counts.data.itemCollections })
                  : undefined
              }
            />
            <StatCard
              icon={Users}
              label={t('users')}
              value={n(counts.data?.users)}
              loading={counts.isPending}
              hint={counts.data && counts.data.users === null ? t('usersHidden') : undefined}
            />
          </section>
        )}
        <section
          aria-labelledby="home-chart"
          className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
        >
          <h2 id="home-chart" className="mb-3 text-sm font-semibold">
            {t('chartTitle')}
          </h2>
          {perDay.isPending ? (
            <Skeleton className="h-[220px] w-full" />
          ) : refused(perDay.error) ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('activityHidden')}</p>
          ) : perDay.isError ? (
            <ErrorState error={perDay.error} onRetry={() => perDay.refetch()} />
          ) : (
            <ActionsChart days={perDay.data} />
          )}
        </section>
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <RecentActivity scope={scope} />
          <HealthCard />
        </div>
      </div>
    </>
  );
}
