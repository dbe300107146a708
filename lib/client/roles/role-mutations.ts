import type { RoleRow } from '../access/types';

export type RoleInput = Pick<RoleRow, 'name' | 'description' | 'parent'> & { icon?: string };
