'use client';

import { Boxes, Network, Plus, SearchX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { collectionTree, countNodes } from '@/lib/client/collections/collection-tree';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { Link } from '@/lib/i18n/navigation';
import { EmptyState } from '../kit/empty-state';
import { PageHeader } from '../kit/page-header';
import { AdminGate } from './admin-gate';
import { CollectionList } from './collection-list';
import { CreateCollectionDialog } from './create-collection-dialog';
import { QueryError } from './query-error';

export function DataModelPage() {
  const t = useTranslations('Collections');
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline" asChild>
            <Link href="/collections/diagram">
              <Network aria-hidden />
              {t('diagram')}
            </Link>
          </Button>
        }
      />
      <AdminGate>
        <CollectionsBrowser />
      </AdminGate>
    </>
  );
}

function CollectionsBrowser() {
  const t = useTranslations('Collections');
  const collections = useCollectionsQuery();
  const [search, setSearch] = useState('');
  const [system, setSystem] = useState(false);
  const [creating, setCreating] = useState(false);
  const nodes = useMemo(
    () => collectionTree(collections.data ?? [], { search, system }),
    [collections.data, search, system],
  );
  const userCount = (collections.data ?? []).filter((c) => !c.system).length;
  const folders = (collections.data ?? []).filter((c) => c.schema === null && !c.system);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="collection-search">{t('search')}</Label>
          <Input
            id="collection-search"
            type="search"
            value={search}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="flex items-center gap-2 sm:h-9">
          <Switch id="collection-system" checked={system} onCheckedChange={setSystem} />
          <Label htmlFor="collection-system">{t('showSystem')}</Label>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          {t('create')}
        </Button>
      </div>
      <CreateCollectionDialog
        open={creating}
        onOpenChange={setCreating}
        existing={collections.data ?? []}
        folders={folders.map((f) => f.collection)}
      />
      {collections.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : collections.isError ? (
        <QueryError error={collections.error} onRetry={() => collections.refetch()} />
      ) : userCount === 0 && !system ? (
        <EmptyState icon={Boxes} title={t('emptyTitle')}>
          {t('emptyBody')}
        </EmptyState>
      ) : nodes.length === 0 ? (
        <EmptyState icon={SearchX} title={t('noMatchTitle')}>
          {t('noMatchBody', { search })}
        </EmptyState>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {t('count', { count: countNodes(nodes) })}
          </p>
          <CollectionList nodes={nodes} />
        </>
      )}
    </div>
  );
}
