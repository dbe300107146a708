'use client';

import { Activity as Pulse } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useServerHealthQuery } from '@/lib/client/server/health-query';
import type { HealthStatus } from '@/lib/client/server/types';
import { ErrorState } from '@/components/studio/kit/data-state';

const VARIANT: Record<HealthStatus, 'success' | 'outline' | 'destructive'> = {
  ok: 'success',
  warn: 'outline',
  error: 'destructive',
};

/** The instance's health; administrators also see each check with its measured value. */
export function HealthCard() {
  const t = useTranslations('Home');
  const format = useFormatter();
  const health = useServerHealthQuery();

  return (
    <section
      aria-labelledby="home-health"
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="home-health" className="flex items-center gap-2 text-sm font-semibold">
          <Pulse aria-hidden className="size-4 text-primary" />
          {t('health')}
        </h2>
        {health.isSuccess && (
          <Badge variant={VARIANT[health.data.status]}>{t(`status.${health.data.status}`)}</Badge>
        )}
      </div>
      {health.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : health.isError ? (
        <ErrorState error={health.error} onRetry={() => health.refetch()} />
      ) : health.data.checks ? (
        <dl className="divide-y text-sm">
          {Object.entries(health.data.checks).map(([name, [check]]) => (
            <div key={name} className="flex items-center justify-between gap-3 py-2">
              <dt className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-mono text-xs break-all text-muted-foreground">{name}</span>
                {check.status !== 'ok' && (
                  <Badge variant={VARIANT[check.status]}>{t(`status.${check.status}`)}</Badge>
                )}
              </dt>
              <dd className="shrink-0 tabular-nums">
                {check.observedUnit === 'bytes'
                  ? format.number(check.observedValue / 1_048_576, { maximumFractionDigits: 0 }) +
                    ' MB'
                  : `${format.number(check.observedValue, { maximumFractionDigits: 1 })} ms`}
              </dd>
            </div>
          ))}
          {health.data.releaseId && (
            <div className="flex items-center justify-between gap-3 py-2">
              <dt className="text-xs text-muted-foreground">{t('version')}</dt>
              <dd className="font-mono text-xs">{health.data.releaseId}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{t('healthPublic')}</p>
      )}
    </section>
  );
}
