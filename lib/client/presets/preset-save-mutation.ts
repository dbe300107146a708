'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset, PresetInput } from './types';

/** Creates a preset (no id) or updates one. */
export function usePresetSaveMutation(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: PresetInput }) => {
      const body = await apiFetch<{ data: Preset }>(
        id === null ? '/api/presets' : `/api/presets/${id}`,
        {
          method: id === null ? 'POST' : 'PATCH',
          body: values,
        },
      );
      return body.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.collection(collection) }),
  });
}
