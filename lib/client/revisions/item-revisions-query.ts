'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { revisionKeys } from './keys';
import type { RevisionsPage } from './types';

export const REVISIONS_PAGE = 20;

/** The revisions of one item, newest first (administrators only: the endpoint says 403 otherwise). */
export function useItemRevisionsQuery(
  collection: string,
  item: string,
  page: number,
  enabled = true,
) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: revisionKeys.page(collection, item, page, scope),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        filter: JSON.stringify({
          _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }],
        }),
        sort: '-id',
        fields: 'id,collection,item,data,delta,activity.timestamp,activity.action,activity.user',
        limit: String(REVISIONS_PAGE),
        page: String(page),
      });
      return apiFetch<RevisionsPage>(`/api/revisions?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
