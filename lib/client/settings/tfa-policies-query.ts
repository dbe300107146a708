'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { settingsKeys } from './keys';

export interface TfaPolicy {
  id: string;
  name: string | null;
}

/** The policies that demand a second factor of their holders (`enforce_tfa`). */
export function useTfaPoliciesQuery() {
  return useQuery({
    queryKey: [...settingsKeys.all, 'tfa-policies'] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        fields: 'id,name',
        'filter[enforce_tfa][_eq]': 'true',
        sort: 'name',
        limit: '-1',
      });
      return (await apiFetch<{ data: TfaPolicy[] }>(`/api/policies?${params}`, { signal })).data;
    },
  });
}
