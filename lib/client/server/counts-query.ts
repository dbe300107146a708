'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { serverKeys } from './keys';

interface CollectionRow {
  collection: string;
  system?: boolean;
}

export interface ProjectCounts {
  collections: number;
  /** Items across the collections counted; null when none could be counted. */
  items: number | null;
  /** How many collections `items` covers (capped, see ITEM_COUNT_LIMIT). */
  itemCollections: number;
  /** Null when the caller may not read users. */
  users: number | null;
}

/** Counting is one aggregate per collection: beyond this many the home page stops adding. */
export const ITEM_COUNT_LIMIT = 20;

async function countItems(collection: string, signal: AbortSignal): Promise<number | null> {
  const body = await apiFetch<{ data: { count: { '*': number } }[] }>(
    `/api/items/${encodeURIComponent(collection)}?aggregate[count]=*`,
    { signal },
  ).catch(() => null);
  const count = body?.data[0]?.count['*'];
  return typeof count === 'number' ? count : null;
}

async function countUsers(signal: AbortSignal): Promise<number | null> {
  const body = await apiFetch<{ meta?: { total_count?: number } }>(
    '/api/users?limit=0&meta=total_count',
    { signal },
  ).catch(() => null);
  return body?.meta?.total_count ?? null;
}

/** What the caller may read: their collections, the items in them, and the users. */
export function useProjectCountsQuery(scope: string | null) {
  return useQuery({
    queryKey: serverKeys.counts(scope),
    queryFn: async ({ signal }): Promise<ProjectCounts> => {
      const [collections, users] = await Promise.all([
        apiFetch<{ data: CollectionRow[] }>('/api/collections', { signal }),
        countUsers(signal),
      ]);
      const own = collections.data.filter((c) => !c.system && !c.collection.startsWith('daas_'));
      const counted = own.slice(0, ITEM_COUNT_LIMIT);
      const counts = await Promise.all(counted.map((c) => countItems(c.collection, signal)));
      const known = counts.filter((n): n is number => n !== null);
      return {
        collections: own.length,
        items: known.length ? known.reduce((a, b) => a + b, 0) : counted.length ? null : 0,
        itemCollections: counted.length,
        users,
      };
    },
    staleTime: 30_000,
  });
}
