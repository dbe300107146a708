'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { Extension } from './types';

/** One extension with its source, for the editor. */
export function useExtensionQuery(id: string | null) {
  return useQuery({
    queryKey: runtimeKeys.detail('extensions', id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Extension }>(`/api/extensions/${id}`, { signal }).then((b) => b.data),
    enabled: id !== null,
  });
}
