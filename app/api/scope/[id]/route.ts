import {
  deleteScope,
  readScope,
  scopeItemResponse,
  scopeParams,
  updateScope,
  updateScopeBody,
} from '@/lib/access/scope-items';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

const one = { access: 'admin', params: scopeParams, tags: ['Scope'] } as const;

export const GET = route(
  { ...one, summary: 'Read one scope', response: scopeItemResponse },
  readScope,
);
export const PATCH = route(
  {
    ...one,
    body: updateScopeBody,
    summary: 'Update the name or missing_uri_mode of a scope',
    response: scopeItemResponse,
  },
  updateScope,
);
export const DELETE = route(
  {
    ...one,
    status: 204,
    summary: 'Delete a scope, its descendants and the access records granted at them',
  },
  deleteScope,
);
export const OPTIONS = preflight;
