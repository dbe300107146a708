import { preflight } from '@/lib/http/cors';
import { systemRoutes } from '@/lib/system/http';
import { assignments, createAssignmentsBody, assignmentFields } from '@/lib/workflows/definitions';

const r = systemRoutes(assignments, {
  create: createAssignmentsBody,
  update: assignmentFields,
  tag: 'Workflows',
  noun: 'workflow assignments',
  writeAccess: 'admin',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
