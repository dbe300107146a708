'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import type { ActivityFilters } from '@/lib/client/activity/types';
import { usePathname, useRouter } from '@/lib/i18n/navigation';

const KEYS = ['user', 'collection', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filters and page live in the URL, so a filtered view can be shared and survives reload. */
export function useActivityFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();

  const filters = useMemo(() => {
    const out: ActivityFilters = {};
    for (const key of KEYS) {
      const value = params.get(key);
      if (!value) continue;
      if ((key === 'from' || key === 'to') && !DAY.test(value)) continue;
      out[key] = value;
    }
    return out;
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const go = useCallback(
    (next: ActivityFilters, nextPage: number) => {
      const query: Record<string, string> = {};
      for (const key of KEYS) if (next[key]) query[key] = next[key];
      if (nextPage > 1) query.page = String(nextPage);
      router.replace({ pathname, query }, { scroll: false });
    },
    [pathname, router],
  );

  return {
    filters,
    page,
    setFilters: (next: ActivityFilters) => go(next, 1),
    setPage: (next: number) => go(filters, next),
  };
}
