'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset } from './types';

/**
 * The caller's own view of a collection, as Directus keeps it: their preset without a
 * bookmark name. null when they have none yet.
 */
export function useUserPresetQuery(collection: string, userId: string | null) {
  return useQuery({
    queryKey: presetKeys.userView(collection, userId ?? ''),
    queryFn: async ({ signal }) => {
      const filter = JSON.stringify({
        _and: [
          { collection: { _eq: collection } },
          { user: { _eq: userId } },
          { bookmark: { _null: true } },
        ],
      });
      const body = await apiFetch<{ data: Preset[] }>(
        `/api/presets?filter=${encodeURIComponent(filter)}&sort=-id&limit=1`,
        { signal },
      );
      return body.data[0] ?? null;
    },
    enabled: userId !== null,
    staleTime: Infinity,
  });
}
