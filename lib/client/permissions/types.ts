import type { PermissionsMe } from '@/lib/access/permissions-me';
import type { PermissionAction } from '@/lib/access/permissions';

/** The whole body of `GET /api/permissions/me`: `data` rows, `moduleAccess`, `meta`. */
export type MyPermissions = PermissionsMe;
export type MyPermissionRow = PermissionsMe['data'][number];
export type { PermissionAction };
