import { preflight } from '@/lib/http/cors';
import { systemRoutes } from '@/lib/system/http';
import { definitions, createDefinitionsBody, definitionFields } from '@/lib/workflows/definitions';

const r = systemRoutes(definitions, {
  create: createDefinitionsBody,
  update: definitionFields,
  tag: 'Workflows',
  noun: 'workflow definitions',
  writeAccess: 'admin',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
