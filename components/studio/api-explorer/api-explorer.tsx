'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '../page-header';

function Loading() {
  const t = useTranslations('ApiExplorer');
  return (
    <div aria-busy="true" aria-label={t('loading')} className="space-y-3">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

// Large and browser-only: loaded on this page alone, never rendered on the server.
const ScalarReference = dynamic(() => import('./scalar-reference'), {
  ssr: false,
  loading: () => <Loading />,
});

export function ApiExplorer() {
  const t = useTranslations('ApiExplorer');
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t('sessionNote')}</p>
      <div className="api-explorer -mx-4 overflow-hidden border-y bg-card sm:mx-0 sm:rounded-xl sm:border">
        <ScalarReference locale={locale} />
      </div>
    </>
  );
}
