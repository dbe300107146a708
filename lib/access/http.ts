import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import type { ApiRequest } from '@/lib/http/api-request';
import { scopeGiven } from '@/lib/http/caller';
import { reply } from '@/lib/http/reply';

import { explainPermissions } from './permissions-explain';
import { permissionsMe } from './permissions-me';

/** The HTTP binding of GET /permissions/me: whether a scope was named is read off the request. */
export const permissionsMeQuery = z.object({
  debug: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: each rule also names the policy and the access records it came from'),
  user: z
    .string()
    .max(64)
    .optional()
    .describe(
      "Administrators only: answer for this user id instead of the caller, at the request's scope (403 for anyone else)",
    ),
  ip: z
    .string()
    .max(64)
    .optional()
    .describe(
      'With user: judge IP allow-lists as if the user called from this address (without it, IP-limited policies do not count)',
    ),
});

export async function permissionsMeReply(
  input: { query: z.infer<typeof permissionsMeQuery>; request: ApiRequest },
  ctx: RequestContext,
) {
  const schema = ctx.schema;
  const options = {
    debug: input.query.debug === 'true',
    scopeGiven: scopeGiven(input.request),
    collections: Object.keys(schema.collections),
  };
  if (input.query.user !== undefined) {
    const { user, ip } = input.query;
    return reply(await explainPermissions({ ...options, user, ip }, ctx));
  }
  return reply(await permissionsMe(options, ctx));
}
