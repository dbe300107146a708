'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { CronJob } from '@/lib/client/runtime/types';
import { When } from '../when';

/** How the job's last run went: status, when, and the error it ended with. */
export function LastRun({ job }: { job: CronJob }) {
  const t = useTranslations('Cron');
  if (!job.last_run_at) return <span className="text-muted-foreground">{t('neverRun')}</span>;
  return (
    <div className="flex max-w-xs flex-col gap-1">
      <Badge variant={job.last_status === 'success' ? 'success' : 'destructive'}>
        {job.last_status === 'success' ? t('status.success') : t('status.error')}
      </Badge>
      <When value={job.last_run_at} empty={t('neverRun')} />
      {job.last_error && (
        <span className="truncate font-mono text-xs text-destructive" title={job.last_error}>
          {job.last_error}
        </span>
      )}
    </div>
  );
}
