import { preflight } from '@/lib/http/cors';
import { permissions, createPermissionsBody, permissionFields } from '@/lib/system/permissions';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(permissions, {
  create: createPermissionsBody,
  update: permissionFields,
  tag: 'Permissions',
  noun: 'permissions',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
