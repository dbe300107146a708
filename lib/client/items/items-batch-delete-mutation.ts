'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { batchUrl, type Batch } from './items-batch-update-mutation';
import { itemKeys } from './keys';

export function useItemsBatchDeleteMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Batch) =>
      apiFetch<{ data: { deleted: number } }>(batchUrl(collection, input), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.collection(collection) }),
  });
}
