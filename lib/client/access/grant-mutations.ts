'use client';

import { useQueryClient } from '@tanstack/react-query';
import { permissionKeys } from '../permissions/keys';
import { policiesKeys } from '../policies/keys';
import { accessKeys } from './keys';
import type { AccessRow } from './types';

export type GrantInput = Pick<AccessRow, 'policy' | 'role' | 'user' | 'scope'>;

/** Grants change who holds what: the grant lists and the explain answers are refreshed. */
export function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: accessKeys.all });
    void client.invalidateQueries({ queryKey: policiesKeys.all });
    // The signed-in user's own rights may have changed with it.
    void client.invalidateQueries({ queryKey: permissionKeys.root });
  };
}
