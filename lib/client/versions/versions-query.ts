'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { versionKeys } from './keys';
import type { ContentVersion } from './types';

export async function fetchItemVersions(
  collection: string,
  item: string,
  signal?: AbortSignal,
): Promise<ContentVersion[]> {
  const params = new URLSearchParams({
    'filter[collection][_eq]': collection,
    'filter[item][_eq]': item,
    sort: 'date_created',
    limit: '100',
  });
  const body = await apiFetch<{ data: ContentVersion[] }>(`/api/versions?${params}`, { signal });
  return body.data;
}

/** The versions of one item the caller may see. */
export function useItemVersionsQuery(collection: string, item: string, scope?: string | null) {
  return useQuery({
    queryKey: versionKeys.item(collection, item, scope),
    queryFn: ({ signal }) => fetchItemVersions(collection, item, signal),
  });
}
