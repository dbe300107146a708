'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import type { PermissionRule } from '../access/types';
import { apiFetch } from '../fetcher';
import { permissionKeys } from './keys';

export type RuleInput = Omit<PermissionRule, 'id'>;

/** Rules change what users may do: the rule lists and the explain answers are refreshed. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: accessKeys.all });
    // The signed-in user's own rights may have changed with it.
    void client.invalidateQueries({ queryKey: permissionKeys.root });
  };
}

/** Creates a rule, or replaces the given one's settings. */
export function useRuleSaveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RuleInput }) =>
      apiFetch<{ data: PermissionRule }>(id ? `/api/permissions/${id}` : '/api/permissions', {
        method: id ? 'PATCH' : 'POST',
        body: id
          ? {
              fields: input.fields,
              permissions: input.permissions,
              validation: input.validation,
              presets: input.presets,
            }
          : input,
      }),
    onSuccess: refresh,
  });
}

export function useRuleDeleteMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch<void>('/api/permissions', { method: 'DELETE', body: ids }),
    onSuccess: refresh,
  });
}
