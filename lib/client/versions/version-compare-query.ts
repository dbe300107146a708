'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { versionKeys } from './keys';
import type { VersionComparison } from './types';

/** The version beside the main item; `enabled` false until a version is chosen. */
export function useVersionCompareQuery(id: string | null, scope?: string | null) {
  return useQuery({
    queryKey: versionKeys.compare(id ?? '', scope),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: VersionComparison }>(`/api/versions/${id}/compare`, { signal })).data,
    enabled: Boolean(id),
  });
}
