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

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
