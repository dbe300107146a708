'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { settingsKeys } from './keys';
import type { Settings } from './types';

/** All settings (administrators only: others get 403). */
export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.detail(),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: Settings }>('/api/settings', { signal })).data,
  });
}
