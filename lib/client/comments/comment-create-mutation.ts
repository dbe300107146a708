'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useCommentsRefresh } from './comments-refresh';
import type { ItemComment } from './types';

/** Adds a comment to one item. */
export function useCommentCreateMutation(collection: string, item: string) {
  const onSuccess = useCommentsRefresh(collection, item);
  return useMutation({
    mutationFn: async (comment: string) =>
      (
        await apiFetch<{ data: ItemComment }>('/api/comments', {
          method: 'POST',
          body: { collection, item, comment },
        })
      ).data,
    onSuccess,
  });
}
