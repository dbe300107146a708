'use client';

import { ArrowLeft, Network } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { useAllFieldsQuery } from '@/lib/client/fields/all-fields-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';
import { Link } from '@/lib/i18n/navigation';
import { EmptyState } from '../kit/empty-state';
import { PageHeader } from '../kit/page-header';
import { AdminGate } from './admin-gate';
import { QueryError } from './query-error';

// xyflow and ELK are large: they load with this page only, never with the rest of the studio.
const SchemaDiagram = dynamic(() => import('./schema-diagram'), {
  ssr: false,
  loading: () => <Skeleton className="size-full" />,
});

export function DiagramPage() {
  const t = useTranslations('Erd');
  return (
    <>
      <Link
        href="/collections"
        className="mb-4 inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <PageHeader title={t('title')} description={t('description')} />
      <AdminGate>
        <Diagram />
      </AdminGate>
    </>
  );
}

function Diagram() {
  const t = useTranslations('Erd');
  const collections = useCollectionsQuery();
  const fields = useAllFieldsQuery();
  const relations = useRelationsQuery();
  const queries = [collections, fields, relations];
  const failed = queries.find((q) => q.isError);
  if (failed)
    return <QueryError error={failed.error} onRetry={() => queries.forEach((q) => q.refetch())} />;
  if (!collections.data || !fields.data || !relations.data) {
    return <Skeleton className="h-[70dvh] w-full" aria-busy="true" aria-label={t('loading')} />;
  }
  if (!collections.data.some((c) => !c.system && c.schema !== null)) {
    return (
      <EmptyState icon={Network} title={t('emptyTitle')}>
        {t('emptyBody')}
      </EmptyState>
    );
  }
  return (
    <div className="h-[70dvh] min-h-96 w-full overflow-hidden rounded-xl border bg-background">
      <SchemaDiagram
        collections={collections.data}
        fields={fields.data}
        relations={relations.data}
      />
    </div>
  );
}
