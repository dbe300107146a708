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

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
