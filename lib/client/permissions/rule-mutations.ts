'use client';

import { useQueryClient } from '@tanstack/react-query';
import { accessKeys } from '../access/keys';
import type { PermissionRule } from '../access/types';
import { permissionKeys } from './keys';

export type RuleInput = Omit<PermissionRule, 'id'>;

/** Rules change what users may do: the rule lists and the explain answers are refreshed. */
export function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: accessKeys.all });
    // The signed-in user's own rights may have changed with it.
    void client.invalidateQueries({ queryKey: permissionKeys.root });
  };
}
