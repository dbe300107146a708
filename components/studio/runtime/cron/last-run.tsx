'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { CronJob } from '@/lib/client/runtime/types';
import { When } from '../when';

/**
 * How the job's last run went: status, when, and the error it ended with; `compact` (under
 * the name on narrow screens) shows the status alone.
 */
export function LastRun({ job, compact = false }: { job: CronJob; compact?: boolean }) {
  const t = useTranslations('Cron');
  if (!job.last_run_at) {
    return <span className="text-xs text-muted-foreground">{t('neverRun')}</span>;
  }
  const status = (
    <Badge variant={job.last_status === 'success' ? 'success' : 'destructive'}>
      {job.last_status === 'success' ? t('status.success') : t('status.error')}
    </Badge>
  );
  if (compact) return status;
  return (
    <div className="flex max-w-xs flex-col gap-1">
      {status}
      <When value={job.last_run_at} empty={t('neverRun')} />
      {job.last_error && (
        <span
          className="truncate font-mono text-xs text-red-700 dark:text-red-300"
          title={job.last_error}
        >
          {job.last_error}
        </span>
      )}
    </div>
  );
}
