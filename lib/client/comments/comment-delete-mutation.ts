'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { useCommentsRefresh } from './comments-refresh';

/** Deletes a comment (the caller's own, or any for an administrator). */
export function useCommentDeleteMutation(collection: string, item: string) {
  const onSuccess = useCommentsRefresh(collection, item);
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess,
  });
}
