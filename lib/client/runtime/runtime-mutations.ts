'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { runtimeKeys } from './keys';
import type { CronOutcome, RuntimeResource } from './types';

/**
 * What a change to a resource may show elsewhere: an extension's name and type appear in
 * the cron and services pickers and lists, so its changes refresh the whole module.
 */
const touched = (resource: RuntimeResource) =>
  resource === 'extensions' ? runtimeKeys.root : runtimeKeys.resource(resource);

/** Creates a row, or updates the one with the given id. */
export function useRuntimeSaveMutation<TInput, TRow>(resource: RuntimeResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TInput }) =>
      apiFetch<{ data: TRow }>(id ? `/api/${resource}/${id}` : `/api/${resource}`, {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then((b) => b.data),
    onSuccess: () => client.invalidateQueries({ queryKey: touched(resource) }),
  });
}

export function useRuntimeDeleteMutation(resource: RuntimeResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/${resource}/${id}`, { method: 'DELETE' }),
    // The deleted row's own page is left as it is (it is being left), not refetched into a 404.
    onSuccess: (_, id) => {
      const gone = runtimeKeys.detail(resource, id);
      return client.invalidateQueries({
        queryKey: touched(resource),
        predicate: (q) => !gone.every((part, i) => q.queryKey[i] === part),
      });
    },
  });
}

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

/** `POST /api/cron/:id/trigger`: runs the job now; its last run and history change. */
export function useCronTriggerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ data: CronOutcome }>(`/api/cron/${id}/trigger`, { method: 'POST' }).then(
        (b) => b.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: runtimeKeys.resource('cron') }),
  });
}
