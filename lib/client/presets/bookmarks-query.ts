'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset } from './types';

/**
 * The bookmarks of a collection the caller can see: their own, their roles' and global
 * ones (the server decides which), by name.
 */
export function useBookmarksQuery(collection: string) {
  return useQuery({
    queryKey: presetKeys.bookmarks(collection),
    queryFn: async ({ signal }) => {
      const filter = JSON.stringify({
        _and: [{ collection: { _eq: collection } }, { bookmark: { _nnull: true } }],
      });
      const body = await apiFetch<{ data: Preset[] }>(
        `/api/presets?filter=${encodeURIComponent(filter)}&sort=bookmark&limit=-1`,
        { signal },
      );
      return body.data;
    },
  });
}
