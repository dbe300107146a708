'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ActivityEntry as Entry } from '@/lib/client/activity/types';
import { Link } from '@/lib/i18n/navigation';
import { useActionLabel } from '../kit/action-label';

/** System collections have no content pages; user collections link to the item. */
function itemHref(entry: Entry): string | null {
  if (entry.collection.startsWith('daas_') || !entry.item) return null;
  if (entry.action === 'delete') return null;
  return `/content/${encodeURIComponent(entry.collection)}/${encodeURIComponent(entry.item)}`;
}

const DOT: Record<string, string> = {
  create: 'bg-emerald-600',
  update: 'bg-blue-600',
  delete: 'bg-red-600',
  login: 'bg-gray-400',
};

export function ActivityEntryRow({ entry, userLabel }: { entry: Entry; userLabel: string }) {
  const t = useTranslations('Activity');
  const format = useFormatter();
  const actionLabel = useActionLabel();
  const href = itemHref(entry);
  const when = new Date(entry.timestamp);
  // A sign-in's item is the user who signed in: already named at the start of the line.
  const item =
    entry.action === 'login' ? null : href ? (
      <Link href={href} className="font-medium text-primary underline underline-offset-4">
        {t('itemLink', { collection: entry.collection, item: entry.item })}
      </Link>
    ) : (
      <span className="font-medium">
        {t('itemLink', { collection: entry.collection, item: entry.item })}
      </span>
    );
  return (
    <li className="relative flex gap-3 py-3 pl-1">
      <span
        aria-hidden
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[entry.action] ?? 'bg-violet-600'}`}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words">
          {t.rich('entry', {
            user: userLabel,
            action: actionLabel(entry.action),
            strong: (chunks) => <strong className="font-medium">{chunks}</strong>,
            // The raw key stays available on hover, for matching against the API.
            badge: (chunks) => (
              <span title={entry.action} className="rounded bg-muted px-1.5 py-0.5 text-xs">
                {chunks}
              </span>
            ),
          })}{' '}
          {item}
        </p>
        {entry.comment && <p className="mt-1 text-muted-foreground">{entry.comment}</p>}
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time
            dateTime={entry.timestamp}
            title={format.dateTime(when, { dateStyle: 'full', timeStyle: 'long' })}
          >
            {format.dateTime(when, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          {entry.ip && <span> · {entry.ip}</span>}
        </p>
      </div>
    </li>
  );
}
