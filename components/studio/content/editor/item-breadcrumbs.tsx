'use client';

import { ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { displayItem } from '@/lib/client/items/display-template';
import { useItemDisplaysQuery } from '@/lib/client/items/item-displays-query';
import { useItemQuery } from '@/lib/client/items/item-query';
import type { ItemKey } from '@/lib/client/items/types';
import { Link } from '@/lib/i18n/navigation';

const LINK =
  'rounded outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Where the item sits: Content › its collection › the item, named by the collection's
 * display template (its own read, so the template's related fields come along); the key
 * while that loads or when the template leaves it blank.
 */
export function ItemBreadcrumbs({
  collection,
  itemKey,
}: {
  collection: string;
  /** null: a new item. */
  itemKey: ItemKey | null;
}) {
  const t = useTranslations('ItemBreadcrumbs');
  const display = useItemDisplaysQuery([collection]).byCollection[collection];
  const item = useItemQuery(
    collection,
    itemKey,
    display?.fields ?? [],
    !!display && itemKey !== null,
  );
  const current =
    itemKey === null
      ? t('newItem')
      : display && item.data
        ? displayItem(display, item.data)
        : String(itemKey);
  return (
    <nav aria-label={t('label')} className="mb-3 text-sm text-muted-foreground">
      <ol className="flex min-w-0 flex-wrap items-center gap-1">
        <li>
          <Link href="/content" className={LINK}>
            {t('content')}
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="size-3.5" />
        </li>
        <li>
          <Link
            href={`/content/${encodeURIComponent(collection)}`}
            className={LINK}
            // The visible name inside a fuller one: "Back to articles".
            aria-label={t('back', { collection })}
          >
            {collection}
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="size-3.5" />
        </li>
        <li aria-current="page" className="max-w-[40ch] truncate text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
