'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useCommentsRefresh } from './comments-refresh';
import type { ItemComment } from './types';

/** Changes the text of a comment (the caller's own, or any for an administrator). */
export function useCommentUpdateMutation(collection: string, item: string) {
  const onSuccess = useCommentsRefresh(collection, item);
  return useMutation({
    mutationFn: async ({ id, comment }: { id: string; comment: string }) =>
      (
        await apiFetch<{ data: ItemComment }>(`/api/comments/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { comment },
        })
      ).data,
    onSuccess,
  });
}
