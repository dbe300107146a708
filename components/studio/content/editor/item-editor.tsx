'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { VersionSwitcher } from '@/components/studio/versions/version-switcher';
import { ItemWorkflow } from '@/components/studio/workflows/item-workflow';
import { CollectionIcon } from '@/components/studio/kit/collection-icon';
import { ErrorState } from '@/components/studio/kit/data-state';
import { PageHeader } from '@/components/studio/kit/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useItemQuery } from '@/lib/client/items/item-query';
import { useLiveItem } from '@/lib/client/items/live-item';
import type { ItemKey } from '@/lib/client/items/types';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import type { ContentVersion } from '@/lib/client/versions/types';
import type { CollectionSchema } from '../use-collection-schema';
import { newItemDefaults } from './defaults';
import { ItemBreadcrumbs } from './item-breadcrumbs';
import { ItemForm } from './item-form';
import { LiveNotice } from './live-notice';
import { useEditorSchema } from './use-editor-schema';

function FormSkeleton() {
  return (
    <div className="grid gap-5 sm:grid-cols-2" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex flex-col gap-2 sm:col-span-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * One item: `itemKey` null creates a new one; a singleton edits its one row (created on
 * first save). The item is read with exactly the fields the form shows.
 */
export function ItemEditor({
  schema,
  itemKey,
}: {
  schema: CollectionSchema;
  itemKey: ItemKey | null;
}) {
  const t = useTranslations('ItemEditor');
  const editor = useEditorSchema(schema);
  const isNew = itemKey === null && !schema.singleton;
  const scope = useActiveScope();
  // The draft being edited instead of the item itself (null: the item).
  const [version, setVersion] = useState<ContentVersion | null>(null);
  const item = useItemQuery(
    schema.collection,
    itemKey,
    editor.readFields,
    !isNew && !editor.isLoading,
    version?.key ?? null,
  );
  const title = schema.singleton
    ? schema.collection
    : isNew
      ? t('newTitle', { collection: schema.collection })
      : t('editTitle', { collection: schema.collection, key: String(itemKey) });

  const loaded = isNew || (item.data !== undefined && !editor.isLoading);
  const defaults = useMemo(
    () =>
      newItemDefaults(
        editor.fields.map((ef) => ef.field),
        (f) => schema.fieldAllowed('create', f),
      ),
    [editor.fields, schema],
  );
  const existingKey = schema.singleton
    ? ((item.data?.[schema.primaryKey] as ItemKey | undefined) ?? null)
    : itemKey;
  const [dirty, setDirty] = useState(false);
  // A draft is the person's own: only the item itself follows other people's changes.
  const live = useLiveItem({
    collection: schema.collection,
    primaryKey: schema.primaryKey,
    itemKey: existingKey,
    fields: editor.readFields,
    current: item.data,
    dirty,
    enabled: !isNew && version === null && item.data !== undefined && !editor.isLoading,
  });

  return (
    <>
      {!schema.singleton && (
        <ItemBreadcrumbs collection={schema.collection} itemKey={isNew ? null : itemKey} />
      )}
      <PageHeader title={title} icon={<CollectionIcon name={schema.icon} className="size-5" />} />
      {existingKey !== null && !isNew && (
        <div className="mb-4 flex flex-col gap-3">
          <VersionSwitcher
            collection={schema.collection}
            item={String(existingKey)}
            value={version}
            onChange={setVersion}
            scope={scope}
          />
          <ItemWorkflow collection={schema.collection} item={String(existingKey)} scope={scope} />
        </div>
      )}
      {live.notice && (
        <LiveNotice
          notice={live.notice}
          collection={schema.collection}
          onLoad={live.load}
          onKeep={live.dismiss}
        />
      )}
      {item.error && !item.data ? (
        <ErrorState error={item.error} onRetry={item.refetch} retrying={item.isFetching} />
      ) : !loaded || editor.isLoading ? (
        <FormSkeleton />
      ) : (
        <ItemForm
          // A fresh read (after a save or a revert) starts the form over from the server's values.
          key={`${String(existingKey)}-${version?.id ?? 'main'}-${item.dataUpdatedAt}`}
          schema={schema}
          fields={editor.fields}
          itemKey={existingKey}
          // A new item (or a singleton's first save) starts from the columns' literal defaults.
          initial={item.data ?? defaults}
          singleton={schema.singleton}
          version={version}
          onDirtyChange={setDirty}
        />
      )}
    </>
  );
}
