'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { presetKeys } from './keys';
import type { Preset } from './types';

/**
 * The collection's default views, as Directus keeps them: presets without a user or a
 * bookmark name, for a role or (without a role) for everyone. A non-administrator reads
 * only their roles' and the global one; an administrator reads them all.
 */
export function useDefaultPresetsQuery(collection: string, enabled = true) {
  return useQuery({
    queryKey: presetKeys.defaults(collection),
    queryFn: async ({ signal }) => {
      const filter = JSON.stringify({
        _and: [
          { collection: { _eq: collection } },
          { user: { _null: true } },
          { bookmark: { _null: true } },
        ],
      });
      const body = await apiFetch<{ data: Preset[] }>(
        `/api/presets?filter=${encodeURIComponent(filter)}&sort=-id&limit=100`,
        { signal },
      );
      return body.data;
    },
    enabled,
    staleTime: Infinity,
  });
}

/** The default view for someone of `role`: their role's, else everyone's. */
export function defaultPresetFor(
  presets: readonly Preset[] | undefined,
  role: string | null | undefined,
): Preset | null {
  if (!presets) return null;
  return (
    (role ? presets.find((p) => p.role === role) : undefined) ??
    presets.find((p) => p.role === null) ??
    null
  );
}
