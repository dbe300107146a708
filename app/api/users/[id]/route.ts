import { preflight } from '@/lib/http/cors';
import { users, createUsersBody, userFields } from '@/lib/system/users';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(users, {
  create: createUsersBody,
  update: userFields,
  tag: 'Users',
  noun: 'users',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
