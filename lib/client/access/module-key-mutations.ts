'use client';

import { useQueryClient } from '@tanstack/react-query';
import { permissionKeys } from '../permissions/keys';
import { policiesKeys } from '../policies/keys';
import { accessKeys } from './keys';
import type { ModuleKeyNode } from './types';

export type ModuleKeyInput = Partial<
  Pick<ModuleKeyNode, 'key' | 'name' | 'description' | 'parent'>
>;

/** A renamed or deleted key changes policies' module_access maps too. */
export function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: accessKeys.moduleKeys() });
    void client.invalidateQueries({ queryKey: policiesKeys.all });
    // The signed-in user's own rights may have changed with it.
    void client.invalidateQueries({ queryKey: permissionKeys.root });
  };
}
