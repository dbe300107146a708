'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import type { RuntimeResource } from './types';
import { touched } from './runtime-mutations';

/** Switches a row on or off; extensions through their activate/deactivate endpoints. */
export function useRuntimeToggleMutation(resource: RuntimeResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      resource === 'extensions'
        ? apiFetch(`/api/extensions/${id}/${enabled ? 'activate' : 'deactivate'}`, {
            method: 'POST',
          })
        : apiFetch(`/api/${resource}/${id}`, { method: 'PATCH', body: { enabled } }),
    onSuccess: () => client.invalidateQueries({ queryKey: touched(resource) }),
  });
}
