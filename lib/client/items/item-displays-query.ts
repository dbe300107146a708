'use client';

import { useMemo } from 'react';
import { useCollectionsQuery } from '../collections/collections-query';
import { itemDisplayOf, type ItemDisplay } from './display-template';
import { useRelatedFieldsQuery } from './related-fields-query';

function templateOf(meta: Record<string, unknown> | null | undefined): string | null {
  const t = meta?.display_template;
  return typeof t === 'string' && t.trim() ? t : null;
}

/**
 * How the items of each of `collections` are shown when linked from elsewhere (see
 * `itemDisplayOf`), from their fields and `meta.display_template`.
 */
export function useItemDisplaysQuery(collections: readonly string[]) {
  const all = useCollectionsQuery();
  const related = useRelatedFieldsQuery(collections);
  const out: Record<string, ItemDisplay> = {};
  for (const c of collections) {
    const fields = related.byCollection[c];
    if (!fields) continue;
    const meta = all.data?.find((x) => x.collection === c)?.meta;
    out[c] = itemDisplayOf(fields, templateOf(meta));
  }
  // The same displays keep the same object, so what depends on them doesn't start over.
  const key = JSON.stringify(out);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `out`
  const byCollection = useMemo(() => out, [key]);
  return { byCollection, isLoading: related.isLoading || all.isLoading };
}
