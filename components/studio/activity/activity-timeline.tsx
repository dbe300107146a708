'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Pagination } from '@/components/studio/kit/pagination';
import type { ActivityUser } from '@/lib/client/activity/activity-facets-query';
import type { ActivityEntry, ActivityPage } from '@/lib/client/activity/types';
import { cn } from '@/lib/cn';
import { ActivityEntryRow } from './activity-entry';

/** Entries grouped under their (local) day, newest first, as the server sorted them. */
function byDay(entries: ActivityEntry[]): [string, ActivityEntry[]][] {
  const groups = new Map<string, ActivityEntry[]>();
  for (const entry of entries) {
    const d = new Date(entry.timestamp);
    const key = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()];
}

export function ActivityTimeline({
  page,
  users,
  pageNumber,
  pageSize,
  loading,
  onPage,
}: {
  page: ActivityPage;
  users: ActivityUser[];
  pageNumber: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('Activity');
  const format = useFormatter();
  const names = new Map(users.map((u) => [u.id, u.label]));

  return (
    <div
      className={cn(
        'rounded-xl border bg-card shadow-xs transition-opacity',
        loading && 'opacity-60',
      )}
      aria-busy={loading}
    >
      {byDay(page.entries).map(([key, entries]) => (
        <div key={key} className="border-b px-4 sm:px-5">
          <h3 className="pt-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {format.dateTime(new Date(entries[0].timestamp), { dateStyle: 'full' })}
          </h3>
          <ol className="divide-y">
            {entries.map((entry) => (
              <ActivityEntryRow
                key={entry.id}
                entry={entry}
                userLabel={entry.user ? (names.get(entry.user) ?? entry.user) : t('system')}
              />
            ))}
          </ol>
        </div>
      ))}
      <Pagination
        className="px-4 py-3 sm:px-5"
        page={pageNumber}
        pageSize={pageSize}
        total={page.total}
        onPageChange={onPage}
        disabled={loading}
      />
    </div>
  );
}
