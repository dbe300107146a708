'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset, PresetInput } from './types';

/**
 * Writes the caller's own view of a collection: creates their preset the first time,
 * updates it after. The cache takes the answer as is, so a page opened next starts from it
 * without reading it again.
 */
export function useUserPresetSaveMutation(collection: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number | null, values: PresetInput, keepalive = false): Promise<Preset> => {
      const body = await apiFetch<{ data: Preset }>(
        id === null ? '/api/presets' : `/api/presets/${id}`,
        {
          method: id === null ? 'POST' : 'PATCH',
          body: id === null ? { ...values, collection, user: userId, bookmark: null } : values,
          keepalive,
        },
      );
      queryClient.setQueryData(presetKeys.userView(collection, userId ?? ''), body.data);
      return body.data;
    },
    [collection, userId, queryClient],
  );
}
