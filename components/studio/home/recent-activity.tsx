'use client';

import { History } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivityQuery } from '@/lib/client/activity/activity-query';
import { useActivityFacetsQuery } from '@/lib/client/activity/activity-facets-query';
import { useActivityStream } from '@/lib/client/activity/activity-stream';
import { Link } from '@/lib/i18n/navigation';
import { ActivityEntryRow } from '../activity/activity-entry';
import { ErrorState } from '@/components/studio/kit/data-state';
import { refused } from './refused';

const NO_FILTERS = {};

export function RecentActivity({ scope }: { scope: string | null }) {
  const t = useTranslations('Home');
  const tActivity = useTranslations('Activity');
  const recent = useActivityQuery(scope, NO_FILTERS, 1, 8);
  // New entries arrive as they are logged, unless the log is not the caller's to read.
  useActivityStream(!recent.isError);
  const facets = useActivityFacetsQuery(scope);
  const names = new Map((facets.data?.users ?? []).map((u) => [u.id, u.label]));

  return (
    <section
      aria-labelledby="home-recent"
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id="home-recent" className="flex items-center gap-2 text-sm font-semibold">
          <History aria-hidden className="size-4 text-primary" />
          {t('recent')}
        </h2>
        <Link href="/activity" className="text-sm text-primary underline-offset-4 hover:underline">
          {t('allActivity')}
        </Link>
      </div>
      {recent.isPending ? (
        <div className="space-y-3 pt-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : refused(recent.error) ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('activityHidden')}</p>
      ) : recent.isError ? (
        <ErrorState error={recent.error} onRetry={() => recent.refetch()} />
      ) : recent.data.entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('noActivity')}</p>
      ) : (
        <ol className="divide-y">
          {recent.data.entries.map((entry) => (
            <ActivityEntryRow
              key={entry.id}
              entry={entry}
              userLabel={entry.user ? (names.get(entry.user) ?? entry.user) : tActivity('system')}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
