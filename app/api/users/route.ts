import { preflight } from '@/lib/http/cors';
import { users, createUsersBody, userFields } from '@/lib/system/users';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(users, {
  create: createUsersBody,
  update: userFields,
  tag: 'Users',
  noun: 'users',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
