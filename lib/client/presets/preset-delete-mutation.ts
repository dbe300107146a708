'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset } from './types';

/** Deletes a preset; takes the preset, so the caller's report can name it. */
export function usePresetDeleteMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Pick<Preset, 'id' | 'bookmark'>) =>
      apiFetch<void>(`/api/presets/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.collection(collection) }),
  });
}
