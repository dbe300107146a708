import { preflight } from '@/lib/http/cors';
import { access, createAccessBody, accessFields } from '@/lib/system/access';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(access, {
  create: createAccessBody,
  update: accessFields,
  tag: 'Access',
  noun: 'access records',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
