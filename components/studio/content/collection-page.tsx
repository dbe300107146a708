'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ErrorState, LoadingState } from '@/components/studio/kit/data-state';
import { EmptyState } from '@/components/studio/kit/empty-state';
import { ShieldOff } from 'lucide-react';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { useBookmarksQuery } from '@/lib/client/presets/bookmarks-query';
import {
  defaultPresetFor,
  useDefaultPresetsQuery,
} from '@/lib/client/presets/default-presets-query';
import { useUserPresetQuery } from '@/lib/client/presets/user-preset-query';
import { ItemEditor } from './editor/item-editor';
import { ItemBrowser } from './item-browser';
import { hasViewParams } from './use-browser-view';
import { useCollectionSchema } from './use-collection-schema';

/** `/content/[collection]`: the item browser, or the editor straight away for a singleton. */
export function CollectionPage({ collection }: { collection: string }) {
  const t = useTranslations('Content');
  const schema = useCollectionSchema(collection);
  const params = useSearchParams();
  const bookmarkId = Number(params.get('bookmark')) || null;
  const bookmarks = useBookmarksQuery(collection);
  const waitingForBookmark = bookmarkId !== null && !bookmarks.data && !bookmarks.error;
  // Opened without a view in the URL: the person's own saved view of it, if any, comes back.
  const me = useMeQuery();
  const userId = me.data?.id ?? null;
  const userPreset = useUserPresetQuery(collection, userId);
  const plain = bookmarkId === null && !hasViewParams(params);
  // Without a view of their own, the one set for their role or for everyone.
  const defaults = useDefaultPresetsQuery(collection, plain);
  const waitingForPreset =
    plain &&
    !me.error &&
    (userId === null ||
      (userPreset.isPending && !userPreset.error) ||
      (defaults.isPending && !defaults.error));

  if (schema.error && !schema.data) {
    return (
      <ErrorState error={schema.error} onRetry={schema.refetch} retrying={schema.isFetching} />
    );
  }
  if (!schema.data || waitingForBookmark || waitingForPreset) return <LoadingState rows={8} />;
  if (!schema.data.fieldAllowed('read', schema.data.primaryKey) && !schema.data.admin) {
    return (
      <EmptyState icon={ShieldOff} title={t('noAccessTitle')}>
        {t('noAccessBody')}
      </EmptyState>
    );
  }
  if (schema.data.singleton) return <ItemEditor schema={schema.data} itemKey={null} />;
  const bookmark = bookmarks.data?.find((b) => b.id === bookmarkId) ?? null;
  return (
    <ItemBrowser
      key={bookmark?.id ?? 'default'}
      schema={schema.data}
      bookmark={bookmark}
      userPreset={userPreset.data ?? null}
      defaultPreset={defaultPresetFor(defaults.data, me.data?.role)}
      restore={plain}
    />
  );
}
