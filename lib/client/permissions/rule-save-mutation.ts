'use client';

import { useMutation } from '@tanstack/react-query';
import type { PermissionRule } from '../access/types';
import { apiFetch } from '../fetcher';
import { RuleInput, useRefresh } from './rule-mutations';

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
