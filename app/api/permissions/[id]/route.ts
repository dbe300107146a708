import { preflight } from '@/lib/http/cors';
import { permissions, createPermissionsBody, permissionFields } from '@/lib/system/permissions';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(permissions, {
  create: createPermissionsBody,
  update: permissionFields,
  tag: 'Permissions',
  noun: 'permissions',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
