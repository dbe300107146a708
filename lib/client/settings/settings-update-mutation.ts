'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { serverKeys } from '../server/keys';
import { settingsKeys } from './keys';
import type { Settings, SettingsPatch } from './types';

/** Saves some settings; the answer is the whole new row, so the cache takes it as is. */
export function useSettingsUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) =>
      (await apiFetch<{ data: Settings }>('/api/settings', { method: 'PATCH', body: patch })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.detail(), settings);
      // The project name is also part of the server info.
      void queryClient.invalidateQueries({ queryKey: serverKeys.info() });
    },
  });
}
