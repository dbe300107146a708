import { z } from 'zod';
import {
  createScope,
  createScopeBody,
  listScopes,
  scopeItemResponse,
  scopeListQuery,
} from '@/lib/access/scope-items';
import { preflight } from '@/lib/http/cors';
import { listReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'admin',
    query: scopeListQuery,
    summary: 'List scopes (tenancy tree)',
    tags: ['Scope'],
    response: z.array(scopeItemResponse),
  },
  async (input, ctx) => listReply(await listScopes(input, ctx)),
);
export const POST = route(
  {
    access: 'admin',
    body: createScopeBody,
    status: 201,
    summary: 'Create a scope under the scope its URI names as parent',
    tags: ['Scope'],
    response: scopeItemResponse,
  },
  (input, ctx) => createScope(input, ctx),
);
export const OPTIONS = preflight;
