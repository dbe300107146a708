'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys, folderKeys } from './keys';

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
