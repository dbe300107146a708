'use client';

import { can, isAdmin } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { useMyAccessQuery } from '@/lib/client/profile/my-access-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import type { Grants } from './nav-items';

/** What the navigation may offer the caller; null while still being asked. */
export function useNavGrants(): Grants | null {
  const scope = useActiveScope();
  const permissions = usePermissionsMeQuery(scope);
  const access = useMyAccessQuery(scope);
  if (!permissions.data || !access.data) return null;
  return {
    admin: access.data.admin || isAdmin(permissions.data),
    activity: can(permissions.data, 'daas_activity', 'read'),
    logs: permissions.data.moduleAccess['system:logs'] === true,
    files: can(permissions.data, 'daas_files', 'read'),
  };
}
