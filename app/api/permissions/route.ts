import { preflight } from '@/lib/http/cors';
import { permissions, createPermissionsBody, permissionFields } from '@/lib/services/permissions';
import { systemRoutes } from '@/lib/services/http';

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
