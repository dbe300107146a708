import { preflight } from '@/lib/http/cors';
import { access, createAccessBody, accessFields } from '@/lib/system/access';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(access, {
  create: createAccessBody,
  update: accessFields,
  tag: 'Access',
  noun: 'access records',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
