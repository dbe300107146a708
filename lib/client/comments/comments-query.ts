'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useActiveScope } from '../scope/active-scope';
import { commentKeys } from './keys';
import type { CommentsPage } from './types';

export const COMMENTS_PAGE = 20;

const FIELDS = [
  'id',
  'collection',
  'item',
  'comment',
  'date_created',
  'date_updated',
  'user_created.id',
  'user_created.first_name',
  'user_created.last_name',
].join(',');

/** One item's comments, newest first, a page at a time. */
export function useCommentsQuery(collection: string, item: string, page: number, enabled = true) {
  const scope = useActiveScope();
  return useQuery({
    queryKey: commentKeys.page(collection, item, page, scope),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        filter: JSON.stringify({
          _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }],
        }),
        sort: '-date_created',
        fields: FIELDS,
        meta: 'filter_count',
        limit: String(COMMENTS_PAGE),
        page: String(page),
      });
      return apiFetch<CommentsPage>(`/api/comments?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
