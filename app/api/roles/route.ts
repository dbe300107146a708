import { preflight } from '@/lib/http/cors';
import { roles, createRolesBody, roleFields } from '@/lib/system/roles';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(roles, {
  create: createRolesBody,
  update: roleFields,
  tag: 'Roles',
  noun: 'roles',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
