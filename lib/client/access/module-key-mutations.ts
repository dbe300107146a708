'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';
import { permissionKeys } from '../permissions/keys';
import { policiesKeys } from '../policies/keys';
import { accessKeys } from './keys';
import type { ModuleKeyNode } from './types';

export type ModuleKeyInput = Partial<
  Pick<ModuleKeyNode, 'key' | 'name' | 'description' | 'parent'>
>;

/** A renamed or deleted key changes policies' module_access maps too. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: accessKeys.moduleKeys() });
    void client.invalidateQueries({ queryKey: policiesKeys.all });
    // The signed-in user's own rights may have changed with it.
    void client.invalidateQueries({ queryKey: permissionKeys.root });
  };
}

export function useModuleKeySaveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ModuleKeyInput }) =>
      apiFetch<{ data: ModuleKeyNode }>(
        id ? `/api/module-access-keys/${id}` : '/api/module-access-keys',
        { method: id ? 'PATCH' : 'POST', body: input },
      ),
    onSuccess: refresh,
  });
}

export function useModuleKeyDeleteMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/module-access-keys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
