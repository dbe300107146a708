'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { folderKeys } from './keys';
import type { Folder } from './types';

export function useFolderCreateMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: { name: string; parent: string | null }) =>
      apiFetch<{ data: Folder }>('/api/folders', { method: 'POST', body: folder }),
    onSuccess: () => client.invalidateQueries({ queryKey: folderKeys.root }),
  });
}
