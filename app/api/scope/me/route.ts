import { heldScopeResponse, heldScopesQuery, myScopes } from '@/lib/access/held-scopes';
import { preflight } from '@/lib/http/cors';
import { listReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { z } from 'zod';

export const GET = route(
  {
    query: heldScopesQuery,
    summary: 'The scopes the caller holds grants in, and whether the studio opens there',
    tags: ['Scope'],
    response: z.array(heldScopeResponse),
  },
  async (_input, ctx) => listReply(await myScopes(ctx)),
);
export const OPTIONS = preflight;
