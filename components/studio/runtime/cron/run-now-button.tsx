'use client';

import { Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useErrorMessage } from '@/components/studio/kit/use-error-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useCronTriggerMutation } from '@/lib/client/runtime/cron-trigger-mutation';

/** Runs a job now; the toast says how it went, the row shows it as its last run. */
export function RunNowButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations('Cron');
  const message = useErrorMessage();
  const trigger = useCronTriggerMutation();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={trigger.isPending}
      aria-label={t('runNowFor', { name })}
      onClick={() =>
        trigger.mutate(id, {
          onSuccess: (outcome) =>
            outcome.status === 'success'
              ? toast({ title: t('ranOk', { name }), variant: 'success' })
              : toast({
                  title: t('ranFailed', { name }),
                  description: outcome.error ?? undefined,
                  variant: 'error',
                }),
          onError: (err) => toast({ title: message(err), variant: 'error' }),
        })
      }
    >
      {trigger.isPending ? <Spinner /> : <Play aria-hidden />}
      <span className="hidden sm:inline">{trigger.isPending ? t('running') : t('runNow')}</span>
    </Button>
  );
}
