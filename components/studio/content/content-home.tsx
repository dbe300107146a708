'use client';

import { FileText } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CollectionIcon } from '@/components/studio/kit/collection-icon';
import { QueryState } from '@/components/studio/kit/data-state';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import type { Collection } from '@/lib/client/collections/types';
import { can } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';
import { Link } from '@/lib/i18n/navigation';

/**
 * The collections the caller may read (per GET /api/permissions/me), user collections
 * only: system collections have their own modules. A singleton opens its editor.
 */
export function ContentHome() {
  const t = useTranslations('Content');
  const collections = useCollectionsQuery();
  const permissions = usePermissionsMeQuery();
  // Read now, cached for the collection a person opens next (its browser needs them).
  useRelationsQuery();
  const [search, setSearch] = useState('');

  const query = {
    data:
      collections.data && permissions.data
        ? collections.data.filter(
            (c) => !c.system && c.schema !== null && can(permissions.data, c.collection, 'read'),
          )
        : undefined,
    error: collections.error ?? permissions.error,
    isFetching: collections.isFetching || permissions.isFetching,
    refetch: () => Promise.all([collections.refetch(), permissions.refetch()]),
  };

  return (
    <QueryState
      query={query}
      empty={{ icon: FileText, title: t('emptyTitle'), description: t('emptyBody') }}
    >
      {(list) => <CollectionGrid list={list} search={search} onSearch={setSearch} />}
    </QueryState>
  );
}

function CollectionGrid({
  list,
  search,
  onSearch,
}: {
  list: Collection[];
  search: string;
  onSearch: (v: string) => void;
}) {
  const t = useTranslations('Content');
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    const visible = list.filter((c) => !c.meta?.hidden);
    return term ? visible.filter((c) => c.collection.toLowerCase().includes(term)) : visible;
  }, [list, search]);

  return (
    <div className="flex flex-col gap-4">
      <Input
        type="search"
        aria-label={t('searchCollections')}
        placeholder={t('searchCollections')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        className="max-w-sm"
      />
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noMatch')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('collections')}>
          {shown.map((c) => (
            <li key={c.collection}>
              <Link
                href={`/content/${encodeURIComponent(c.collection)}`}
                // Prefetching every card fills the browser's six connections just when the
                // opened collection needs them for its data.
                prefetch={false}
                className="flex h-full items-start gap-3 rounded-xl border bg-card p-4 transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  aria-hidden
                  className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-primary"
                >
                  <CollectionIcon
                    name={typeof c.meta?.icon === 'string' ? c.meta.icon : null}
                    className="size-4"
                  />
                </span>
                <span className="min-w-0">
                  <span className="flex items-center gap-2 font-medium">
                    <span className="truncate">{c.collection}</span>
                    {c.meta?.singleton === true && (
                      <Badge variant="secondary">{t('singleton')}</Badge>
                    )}
                  </span>
                  {typeof c.meta?.note === 'string' && c.meta.note && (
                    <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">
                      {c.meta.note}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
