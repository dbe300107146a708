import { preflight } from '@/lib/http/cors';
import { roles, createRolesBody, roleFields } from '@/lib/system/roles';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(roles, {
  create: createRolesBody,
  update: roleFields,
  tag: 'Roles',
  noun: 'roles',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
