import { preflight } from '@/lib/http/cors';
import { policies, createPoliciesBody, policyFields } from '@/lib/system/policies';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(policies, {
  create: createPoliciesBody,
  update: policyFields,
  tag: 'Policies',
  noun: 'policies',
});

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
