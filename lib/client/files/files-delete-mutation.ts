'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { fileKeys } from './keys';

export function useFilesDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiFetch<void>('/api/files', { method: 'DELETE', body: ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: fileKeys.root }),
  });
}
