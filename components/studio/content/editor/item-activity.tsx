'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LoadingState, QueryState } from '@/components/studio/kit/data-state';
import { Pagination } from '@/components/studio/kit/pagination';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useActivityQuery } from '@/lib/client/activity/activity-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { useActionLabel } from '@/components/studio/kit/action-label';

const PAGE = 20;

/**
 * The item's history for callers who may read the activity log but not revisions: who did
 * what to it and when, newest first, paged by the server.
 */
export function ItemActivity({
  open,
  onOpenChange,
  collection,
  itemKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  itemKey: string;
}) {
  const t = useTranslations('ItemEditor');
  const format = useFormatter();
  const actionLabel = useActionLabel();
  const [page, setPage] = useState(1);
  const activity = useActivityQuery(useActiveScope(), { collection, item: itemKey }, page, PAGE);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('activityTitle')}</DialogTitle>
          <DialogDescription>{t('activityDescription')}</DialogDescription>
        </DialogHeader>
        <QueryState
          query={activity}
          isEmpty={(data) => data.entries.length === 0}
          loading={<LoadingState rows={2} />}
          empty={<p className="text-sm text-muted-foreground">{t('activityEmpty')}</p>}
        >
          {(data) => (
            <ol aria-label={t('activityTitle')} className="divide-y rounded-md border">
              {data.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2 text-sm">
                  <span className="font-medium" title={e.action}>
                    {actionLabel(e.action)}
                  </span>
                  <span className="text-muted-foreground">
                    {format.dateTime(new Date(e.timestamp), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </span>
                  {e.comment && <span className="basis-full">{e.comment}</span>}
                </li>
              ))}
            </ol>
          )}
        </QueryState>
        <Pagination
          page={page}
          pageSize={PAGE}
          total={activity.data?.total ?? null}
          onPageChange={setPage}
          disabled={activity.isFetching}
        />
      </DialogContent>
    </Dialog>
  );
}
