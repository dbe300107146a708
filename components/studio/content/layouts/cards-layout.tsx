'use client';

import { ImageIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { assetUrl } from '@/lib/client/files/files-query';
import { renderTemplate } from '@/lib/client/items/display-template';
import type { Item } from '@/lib/client/items/types';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';
import type { CardsSetup } from './layout-fields';

function imageId(value: unknown): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' ? id : null;
}

/**
 * Items as cards: a thumbnail from the chosen image field (sized by the server) and a title
 * and subtitle from display templates. One server page at a time, like the table.
 */
export function CardsLayout({
  collection,
  primaryKey,
  setup,
  rows,
  loading,
  busy,
  empty,
}: {
  collection: string;
  primaryKey: string;
  setup: CardsSetup;
  rows: Item[];
  loading: boolean;
  busy: boolean;
  empty: string;
}) {
  const t = useTranslations('ItemBrowser');
  if (loading) {
    return (
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-52 rounded-lg" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">{empty}</p>
    );
  }
  return (
    <ul
      aria-label={t('cardsLabel', { collection })}
      aria-busy={busy}
      className={cn(
        'grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3 transition-opacity',
        busy && 'opacity-60',
      )}
    >
      {rows.map((row) => {
        const key = String(row[primaryKey]);
        const image = setup.imageSource ? imageId(row[setup.imageSource]) : null;
        const title = renderTemplate(setup.title, row) || key;
        const subtitle = setup.subtitle ? renderTemplate(setup.subtitle, row) : '';
        return (
          <li key={key}>
            <Link
              href={`/content/${encodeURIComponent(collection)}/${encodeURIComponent(key)}`}
              prefetch={false}
              className="group block overflow-hidden rounded-lg border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <div className="flex aspect-[4/3] items-center justify-center bg-muted">
                {image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a server-sized thumbnail of our own asset
                  <img
                    src={assetUrl(image, { width: 360, height: 270 })}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <ImageIcon aria-hidden className="size-8 text-muted-foreground/60" />
                )}
              </div>
              <div className="p-3">
                <p className="truncate text-sm font-medium group-hover:underline">{title}</p>
                {subtitle && <p className="truncate text-xs text-muted-foreground">{subtitle}</p>}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
