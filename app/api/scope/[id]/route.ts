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

export const GET = route(
  {
    access: 'admin',
    params: scopeParams,
    summary: 'Read one scope',
    tags: ['Scope'],
    response: scopeItemResponse,
  },
  (input, ctx) => readScope(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    params: scopeParams,
    body: updateScopeBody,
    summary: 'Update the name or missing_uri_mode of a scope',
    tags: ['Scope'],
    response: scopeItemResponse,
  },
  (input, ctx) => updateScope(input, ctx),
);
export const DELETE = route(
  {
    access: 'admin',
    params: scopeParams,
    status: 204,
    summary: 'Delete a scope, its descendants and the access records granted at them',
    tags: ['Scope'],
  },
  (input, ctx) => deleteScope(input, ctx),
);
export const OPTIONS = preflight;
