'use client';

import { Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  CronRunFailedError,
  useCronTriggerMutation,
} from '@/lib/client/runtime/cron-trigger-mutation';

/** Runs a job now; the toast says how it went, the row shows it as its last run. */
export function RunNowButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations('Cron');
  const trigger = useSave(useCronTriggerMutation(), {
    saved: t('ranOk', { name }),
    failed: t('ranFailed', { name }),
    // A run that failed brings the job's own error; any other failure the server's message.
    describe: (error, message) =>
      error instanceof CronRunFailedError ? (error.detail ?? '') : message,
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={trigger.isPending}
      aria-label={t('runNowFor', { name })}
      onClick={() => trigger.mutate(id)}
    >
      {trigger.isPending ? <Spinner /> : <Play aria-hidden />}
      <span className="hidden sm:inline">{trigger.isPending ? t('running') : t('runNow')}</span>
    </Button>
  );
}
