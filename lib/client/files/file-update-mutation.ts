'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys } from './keys';
import type { FileItem } from './types';

type FileChange = Partial<
  Pick<FileItem, 'title' | 'description' | 'filename_download' | 'folder' | 'tags'>
>;

export function useFileUpdateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FileChange }) =>
      apiFetch<{ data: FileItem }>(`/api/files/${id}`, { method: 'PATCH', body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: fileKeys.root }),
  });
}
