'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys, folderKeys } from './keys';
import type { FileItem, Folder } from './types';

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

export function useFilesDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiFetch<void>('/api/files', { method: 'DELETE', body: ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: fileKeys.root }),
  });
}

export function useFolderCreateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: { name: string; parent: string | null }) =>
      apiFetch<{ data: Folder }>('/api/folders', { method: 'POST', body: folder }),
    onSuccess: () => client.invalidateQueries({ queryKey: folderKeys.root }),
  });
}

export function useFolderDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/folders/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: folderKeys.root });
      void client.invalidateQueries({ queryKey: fileKeys.root });
    },
  });
}
