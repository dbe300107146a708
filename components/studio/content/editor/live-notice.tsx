'use client';

import { CircleAlert, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { LiveItemNotice } from '@/lib/client/items/live-item';
import { Link } from '@/lib/i18n/navigation';

/**
 * Tells that someone else changed (or deleted) the open item. Unsaved edits stay in the
 * form until the person chooses to load the new version.
 */
export function LiveNotice({
  notice,
  collection,
  onLoad,
  onKeep,
}: {
  notice: Exclude<LiveItemNotice, null>;
  collection: string;
  onLoad: () => void;
  onKeep: () => void;
}) {
  const t = useTranslations('ItemEditor');
  const deleted = notice === 'deleted';
  const Icon = deleted ? Trash2 : CircleAlert;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-600/40 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <Icon aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{deleted ? t('liveDeletedTitle') : t('liveChangedTitle')}</p>
        <p className="text-muted-foreground">
          {deleted ? t('liveDeletedBody') : t('liveChangedBody')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {deleted ? (
          <Button asChild size="sm" variant="outline">
            <Link href={`/content/${encodeURIComponent(collection)}`}>
              {t('back', { collection })}
            </Link>
          </Button>
        ) : (
          <>
            <Button type="button" size="sm" onClick={onLoad}>
              <RefreshCw aria-hidden />
              {t('liveLoad')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onKeep}>
              {t('liveKeep')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
