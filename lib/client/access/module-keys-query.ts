'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { accessKeys } from './keys';
import type { ModuleKeyNode } from './types';

/** The module access key registry: folders (key null) and keys, as one flat list. */
export function useModuleKeysQuery() {
  return useQuery({
    queryKey: accessKeys.moduleKeys(),
    queryFn: ({ signal }) =>
      apiFetch<{ data: ModuleKeyNode[] }>('/api/module-access-keys', { signal }).then(
        (body) => body.data,
      ),
  });
}
