import { preflight } from '@/lib/http/cors';
import { policies, createPoliciesBody, policyFields } from '@/lib/system/policies';
import { systemRoutes } from '@/lib/system/http';

const r = systemRoutes(policies, {
  create: createPoliciesBody,
  update: policyFields,
  tag: 'Policies',
  noun: 'policies',
});

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
