'use client';

import { ArrowLeft, ArrowUpRight, SearchX, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { isFolder } from '@/lib/client/collections/collection-tree';
import { metaOf } from '@/lib/client/collections/schema-types';
import { Link } from '@/lib/i18n/navigation';
import { EmptyState } from '../kit/empty-state';
import { PageHeader } from '../kit/page-header';
import { AdminGate } from './admin-gate';
import { CollectionSettingsForm } from './collection-settings-form';
import { DeleteCollectionDialog } from './delete-collection-dialog';
import { FieldsPanel } from './fields-panel';
import { IndexesPanel } from './indexes-panel';
import { QueryError } from './query-error';

export function CollectionPage({ name }: { name: string }) {
  const t = useTranslations('CollectionPage');
  return (
    <>
      <Link
        href="/collections"
        className="mb-4 inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <AdminGate>
        <CollectionDetail name={name} />
      </AdminGate>
    </>
  );
}

function CollectionDetail({ name }: { name: string }) {
  const t = useTranslations('CollectionPage');
  const collections = useCollectionsQuery();
  const [deleting, setDeleting] = useState(false);

  if (collections.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('loading')}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (collections.isError) {
    return <QueryError error={collections.error} onRetry={() => collections.refetch()} />;
  }
  const collection = collections.data.find((c) => c.collection === name);
  if (!collection) {
    return (
      <EmptyState icon={SearchX} title={t('notFoundTitle')}>
        {t('notFoundBody', { name })}
      </EmptyState>
    );
  }
  const folder = isFolder(collection);
  const editable = !collection.system;

  return (
    <>
      <PageHeader
        title={name}
        description={metaOf(collection)?.note ?? (folder ? t('folderDescription') : undefined)}
        actions={
          <>
            {!folder && (
              <Button variant="outline" asChild>
                <Link href={`/content/${encodeURIComponent(name)}`}>
                  {t('browseItems')}
                  <ArrowUpRight aria-hidden />
                </Link>
              </Button>
            )}
            {editable && collection.type !== 'view' && (
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                {t('delete')}
              </Button>
            )}
          </>
        }
      />
      {!editable && (
        <p className="mb-4 rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          {t('systemReadOnly')}
        </p>
      )}
      <DeleteCollectionDialog collection={name} open={deleting} onOpenChange={setDeleting} />
      <Tabs defaultValue={folder ? 'settings' : 'fields'} className="flex flex-col gap-4">
        <TabsList aria-label={t('sections')} className="w-fit">
          {!folder && <TabsTrigger value="fields">{t('tabFields')}</TabsTrigger>}
          {!folder && <TabsTrigger value="indexes">{t('tabIndexes')}</TabsTrigger>}
          <TabsTrigger value="settings">{t('tabSettings')}</TabsTrigger>
        </TabsList>
        {!folder && (
          <TabsContent value="fields">
            <FieldsPanel collection={collection} collections={collections.data} />
          </TabsContent>
        )}
        {!folder && (
          <TabsContent value="indexes">
            <IndexesPanel collection={collection} />
          </TabsContent>
        )}
        <TabsContent value="settings">
          <CollectionSettingsForm collection={collection} collections={collections.data} />
        </TabsContent>
      </Tabs>
    </>
  );
}
